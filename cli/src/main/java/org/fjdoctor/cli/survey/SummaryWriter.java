package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.fjdoctor.cli.survey.SummaryTables.Table;
import org.fjdoctor.refactorings.pipeline.AtomicFile;

/** Writes a survey's {@code summary.md} and its self-contained {@code summary.html} (tables and inline SVG charts). */
public final class SummaryWriter {

    private SummaryWriter() {
    }

    public static void write(Path directory, SurveySummary summary) throws IOException {
        List<Table> tables = SummaryTables.of(summary);
        AtomicFile.write(directory.resolve("summary.md"), w -> w.write(markdown(summary, tables)));
        AtomicFile.write(directory.resolve("summary.html"), w -> w.write(html(summary, tables)));
    }

    static String markdown(SurveySummary summary, List<Table> tables) {
        StringBuilder md = new StringBuilder("# fjdoctor survey\n\n").append(heading(summary)).append("\n");
        for (Table table : tables) {
            md.append("\n## ").append(table.title()).append("\n\n").append(table.note()).append("\n");
            if (table.rows().isEmpty()) {
                continue;
            }
            md.append("\n| ").append(String.join(" | ", table.headers())).append(" |\n|");
            table.headers().forEach(h -> md.append("---|"));
            md.append('\n');
            for (List<String> row : table.rows()) {
                md.append("| ").append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
                        .append(" |\n");
            }
        }
        return md.toString();
    }

    static String html(SurveySummary summary, List<Table> tables) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>fjdoctor survey</title><style>body{font:14px/1.4 system-ui,sans-serif;margin:2em;max-width:80em}"
                + "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}"
                + "th{background:#f3f3f3}.chart{margin:.5em 0 1.5em}section{display:inline-block;vertical-align:top;"
                + "margin-right:2em}</style></head><body>\n<h1>fjdoctor survey</h1>\n<p>")
                .append(escape(heading(summary))).append("</p>\n");
        for (Table table : tables) {
            html.append("<section><h2>").append(escape(table.title())).append("</h2>\n<p>").append(escape(table.note()))
                    .append("</p>\n");
            if (table.chartColumn() >= 0 && !table.rows().isEmpty()) {
                List<String> labels = table.rows().stream().map(r -> label(table, r)).toList();
                html.append("<div class=\"chart\">").append(SvgBars.chart(labels, table.chartValues(),
                        table.headers().get(table.chartColumn()))).append("</div>\n");
            }
            if (!table.rows().isEmpty()) {
                html.append("<table><tr>");
                table.headers().forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
                html.append("</tr>\n");
                for (List<String> row : table.rows()) {
                    html.append("<tr>");
                    row.forEach(c -> html.append("<td>").append(bold(escape(c))).append("</td>"));
                    html.append("</tr>\n");
                }
                html.append("</table>\n");
            }
            html.append("</section>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    private static String heading(SurveySummary s) {
        SurveyRun run = s.run();
        String heading = String.format(Locale.ROOT, "%d repositories from %s: %d scanned, %d failed; %s engine, %d jobs;"
                        + " this run surveyed %d and resumed %d in %s wall time", s.results().size(), run.manifest(),
                s.census().scanned(), s.census().failed(), run.engine(), run.jobs(), run.surveyed(), run.resumed(),
                Durations.format(Duration.ofMillis(run.wallMillis())));
        if (s.runs().size() > 1) {
            heading += String.format(Locale.ROOT, ", %d runs %s in all", s.runs().size(),
                    Durations.format(Duration.ofMillis(s.wallMillisOfAllRuns())));
        }
        return heading + ".";
    }

    /** A chart bar's label: the first column, and the rule's id beside its code. */
    private static String label(Table table, List<String> row) {
        return table.headers().get(0).equals("code") ? row.get(0) + " " + row.get(1).replace("**", "") : row.get(0);
    }

    private static String bold(String cell) {
        return cell.startsWith("**") && cell.endsWith("**") && cell.length() > 4
                ? "<strong>" + cell.substring(2, cell.length() - 2) + "</strong>" : cell;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
