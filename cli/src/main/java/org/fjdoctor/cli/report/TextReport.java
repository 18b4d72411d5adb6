package org.fjdoctor.cli.report;

import java.io.IOException;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.ScanResult;

/**
 * For people, in the {@code path:line:col: severity [rule] message} shape that editors and terminals
 * turn into links. Findings are grouped by file; related locations follow, indented.
 */
public final class TextReport implements Report {

    private static final String INDENT = "    ";

    @Override
    public void write(ScanReport report, Writer out) throws IOException {
        ScanResult result = report.result();
        Map<String, List<Finding>> byFile = result.findings().stream()
                .collect(Collectors.groupingBy(f -> f.location().relativePath(), LinkedHashMap::new, Collectors.toList()));
        for (Map.Entry<String, List<Finding>> file : byFile.entrySet()) {
            out.write(file.getKey() + " (" + Labels.plural(file.getValue().size(), "finding") + ")\n");
            for (Finding finding : file.getValue()) {
                out.write(finding.location().display() + ": " + Labels.severity(finding.severity()) + " ["
                        + finding.ruleId() + "] " + finding.message() + "\n");
                for (RelatedLocation related : finding.related()) {
                    out.write(INDENT + related.location().display() + ": " + related.message() + "\n");
                }
            }
            out.write("\n");
        }
        if (!result.problems().isEmpty()) {
            out.write("Files with problems:\n");
            for (FileProblem problem : result.problems()) {
                out.write(problem.relativePath() + ": " + Labels.kind(problem.kind()) + ": " + problem.message() + "\n");
            }
            out.write("\n");
        }
        out.write(summary(result) + "\n");
        out.flush();
    }

    /** {@code 2 findings (copy-on-fork: 2); 1 file problem; 3 files, 120 lines (2 modeled); 0.8 s}. */
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
        }
        if (!result.problems().isEmpty()) {
            line.append("; ").append(Labels.plural(result.problems().size(), "file problem"));
        }
        line.append("; ").append(Labels.plural(result.files(), "file")).append(" scanned, ")
                .append(Labels.plural(result.lines(), "line"))
                .append(" (").append(result.modelFiles()).append(" modeled)")
                .append("; ").append(String.format(Locale.ROOT, "%.1f s", result.millis() / 1000.0));
        return line.toString();
    }
}
