package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.refactorings.Safety;

/**
 * For people, in the {@code path:line:col: severity [rule] message} shape that editors and terminals
 * turn into links. Findings are grouped by file; related locations follow, indented. Messages wrap at
 * {@value #WIDTH} columns (continuation lines indented further, so the location lines stay apart), and
 * each rule that found something explains once, after the findings, why it costs time. Everything taken
 * from the scanned code is {@linkplain Printable escaped}, so no file name or message can drive the terminal.
 * The report ends with what to do next: how many findings a SAFE fix removes and the commands that show,
 * apply and browse them.
 */
public final class TextReport implements Report {

    /** A 120-column terminal. */
    public static final int WIDTH = 120;
    private static final String INDENT = "    ";
    private static final String CONTINUATION = "        ";

    private final String rulePages;

    /** Rule pages linked as {@code docs/rules/<id>.md}, relative to a checkout of the repository. */
    public TextReport() {
        this("docs/rules/");
    }

    /** @param rulePages what a rule's page name ({@code <id>.md}) is appended to: a directory with its separator */
    public TextReport(String rulePages) {
        this.rulePages = rulePages;
    }

    @Override
    public void write(ScanReport report, Writer out) throws IOException {
        ScanResult result = report.result();
        Map<String, List<Finding>> byFile = result.findings().stream()
                .collect(Collectors.groupingBy(f -> f.location().relativePath(), LinkedHashMap::new, Collectors.toList()));
        for (Map.Entry<String, List<Finding>> file : byFile.entrySet()) {
            out.write(Printable.escape(file.getKey()) + " (" + Labels.plural(file.getValue().size(), "finding") + ")\n");
            for (Finding finding : file.getValue()) {
                out.write(wrap(Printable.escape(finding.location().display() + ": " + Labels.severity(finding.severity())
                        + " [" + finding.ruleId() + "] " + finding.message()), ""));
                for (RelatedLocation related : finding.related()) {
                    out.write(wrap(Printable.escape(related.location().display() + ": " + related.message()), INDENT));
                }
            }
            out.write("\n");
        }
        rationales(result, out);
        if (!result.problems().isEmpty()) {
            out.write("Files with problems:\n");
            for (FileProblem problem : result.problems()) {
                out.write(wrap(Printable.escape(problem.relativePath() + ": " + Labels.kind(problem.kind()) + ": "
                        + problem.message()), ""));
            }
            out.write("\n");
        }
        if (report.changedSince().isPresent()) {
            out.write(report.changedSince().get().describe() + "\n");
        }
        // Unwrapped, as they end in paths; the summary stays the last line before what to do next.
        for (String line : report.settings().lines()) {
            out.write(Printable.escape(line) + "\n");
        }
        out.write(summary(result) + "\n");
        next(report, out);
        out.flush();
    }

    /**
     * After findings: how many have a SAFE fix (the ones {@code fjdoctor fix} applies) and how many only one
     * to review, with the commands for the same paths, and the HTML report that shows every fix in place.
     */
    private static void next(ScanReport report, Writer out) throws IOException {
        List<Finding> findings = report.result().findings();
        if (findings.isEmpty()) {
            return;
        }
        long safe = findings.stream().filter(f -> report.hasFix(f, Safety.SAFE)).count();
        long review = findings.stream().filter(f -> !report.hasFix(f, Safety.SAFE) && report.hasFix(f, Safety.REVIEW))
                .count();
        String paths = report.roots().stream().map(TextReport::quoted).collect(Collectors.joining(" "));
        out.write("\nNext:\n");
        if (safe > 0) {
            out.write(wrap(safe + " of " + Labels.plural(findings.size(), "finding") + (safe == 1 ? " has" : " have")
                    + " a SAFE fix: `fjdoctor fix --dry-run " + paths + "` shows the edits, `fjdoctor fix " + paths
                    + "` applies them.", INDENT));
        } else {
            out.write(wrap(findings.size() == 1 ? "The finding has no SAFE fix."
                    : "None of the " + Labels.plural(findings.size(), "finding") + " has a SAFE fix.", INDENT));
        }
        if (review > 0 && safe > 0) {
            out.write(wrap(review + (review == 1 ? " more has" : " more have") + " a fix to REVIEW: add --include-review"
                    + " to those commands.", INDENT));
        } else if (review > 0) {
            out.write(wrap(review + (review == 1 ? " has" : " have") + " a fix to REVIEW: `fjdoctor fix --dry-run"
                    + " --include-review " + paths + "` shows the edits, `fjdoctor fix --include-review " + paths
                    + "` applies them.", INDENT));
        }
        out.write(wrap("`fjdoctor scan --format html --output fjdoctor.html " + paths
                + "` writes a browsable report with each fix's diff.", INDENT));
    }

    /** A path as a shell takes it back: single-quoted when it holds anything but plain path characters. */
    private static String quoted(Path path) {
        String text = path.toString();
        return text.matches("[A-Za-z0-9_./:@%+=,\\\\-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }

    /** Each rule with findings once: its title and why it costs time, with the page that says more. */
    private void rationales(ScanResult result, Writer out) throws IOException {
        List<Rule> found = result.rules().stream()
                .filter(rule -> result.findings().stream().anyMatch(f -> f.ruleId().equals(rule.info().id()))).toList();
        if (found.isEmpty()) {
            return;
        }
        out.write("Why it matters:\n");
        for (Rule rule : found) {
            RuleInfo info = rule.info();
            out.write(wrap(info.id() + " (" + info.code() + "): " + info.title(), INDENT));
            out.write(wrap(info.rationale() + " More: " + rulePages + info.id() + ".md", CONTINUATION));
        }
        out.write("\n");
    }

    /** {@code text} after {@code indent}, its further lines (if any) after {@link #CONTINUATION}. */
    static String wrap(String text, String indent) {
        return wrap(text, indent, CONTINUATION);
    }

    /**
     * {@code text} broken at spaces to fit {@link #WIDTH} columns, the first line after {@code first},
     * the others after {@code next}; a word longer than a line (a path) stays whole.
     */
    public static String wrap(String text, String first, String next) {
        StringBuilder lines = new StringBuilder();
        String prefix = first;
        String rest = text;
        while (prefix.length() + rest.length() > WIDTH) {
            int room = WIDTH - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = rest.indexOf(' ', room);
                if (cut < 0) {
                    break;
                }
            }
            lines.append(prefix).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut + 1);
            prefix = next;
        }
        return lines.append(prefix).append(rest).append('\n').toString();
    }

    /**
     * {@code 2 findings (copy-on-fork: 2); 1 file problem; 3 files, 120 lines (2 modeled); 0.8 s}, with
     * {@code : 1 in main code, 1 in test code} after the counts per rule when some are in test code (reported only
     * when tests are included).
     */
    public static String summary(ScanResult result) {
        StringBuilder line = new StringBuilder();
        if (result.findings().isEmpty()) {
            line.append("no findings");
        } else {
            Map<String, Long> perRule = new TreeMap<>(result.findings().stream()
                    .collect(Collectors.groupingBy(Finding::ruleId, Collectors.counting())));
            Map<String, Long> inCatalogOrder = new LinkedHashMap<>();
            for (Rule rule : result.rules()) {
                Long count = perRule.remove(rule.info().id());
                if (count != null) {
                    inCatalogOrder.put(rule.info().id(), count);
                }
            }
            inCatalogOrder.putAll(perRule);
            line.append(Labels.plural(result.findings().size(), "finding")).append(" (")
                    .append(inCatalogOrder.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining(", ")))
                    .append(")");
            List<Finding> inTests = result.findings().stream().filter(Finding::inTestCode).toList();
            if (!inTests.isEmpty()) {
                line.append(": ").append(result.findings().size() - inTests.size()).append(" in main code, ")
                        .append(inTests.size()).append(" in test code");
            }
        }
        if (!result.problems().isEmpty()) {
            line.append("; ").append(Labels.plural(result.problems().size(), "file problem"));
        }
        if (!result.complete()) {
            line.append("; ANALYSIS INCOMPLETE (fjdoctor failed on part of it: see the problems)");
        }
        line.append("; ").append(Labels.plural(result.files(), "file")).append(" scanned, ")
                .append(Labels.plural(result.lines(), "line"))
                .append(" (").append(result.modelFiles()).append(" modeled)")
                .append("; ").append(String.format(Locale.ROOT, "%.1f s", result.millis() / 1000.0));
        return line.toString();
    }
}
