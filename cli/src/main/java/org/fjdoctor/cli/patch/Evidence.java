package org.fjdoctor.cli.patch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.fjdoctor.measurements.report.JsonReport;
import org.fjdoctor.reports.Printable;

/**
 * Measured figures for the pull request, from any JSON file (such as the output of
 * {@code fjdoctor measure}): a key/value table when the JSON flattens to a modest number of scalar
 * values, otherwise the JSON itself in a fenced block. A {@code fjdoctor measure} report becomes its
 * summary table, one row per workload and thread count.
 */
final class Evidence {

    private static final int MAX_ROWS = 60;

    private final Path file;
    private final JsonNode json;

    private Evidence(Path file, JsonNode json) {
        this.file = file;
        this.json = json;
    }

    /** @throws IOException when the file cannot be read or is not JSON */
    static Evidence read(Path file) throws IOException {
        try {
            return new Evidence(file, new ObjectMapper().readTree(Files.readString(file)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** The Markdown section body. */
    String markdown() throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("Measured figures from ").append(Markdown.code(file.getFileName().toString())).append(":\n\n");
        if (isMeasureReport()) {
            return md.append(measureTable()).toString();
        }
        List<String[]> rows = new ArrayList<>();
        flatten("", json, rows);
        if (json != null && json.isContainerNode() && !rows.isEmpty() && rows.size() <= MAX_ROWS) {
            md.append("| measure | value |\n|---|---|\n");
            for (String[] row : rows) {
                md.append("| ").append(cell(row[0])).append(" | ").append(cell(row[1])).append(" |\n");
            }
        } else {
            // Jackson escapes control characters but not bidi ones; written as JSON escapes they mean the same.
            String pretty = Printable.escape(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(json));
            String fence = "```" + "`".repeat(longestBacktickRun(pretty));
            md.append(fence).append("json\n").append(pretty).append('\n').append(fence).append('\n');
        }
        return md.toString();
    }

    private boolean isMeasureReport() {
        return json != null && json.isObject() && JsonReport.FORMAT.equals(json.path("format").asText())
                && json.path("summary").isArray();
    }

    /** The summary rows of {@code fjdoctor measure} as a table, however many workloads it measured. */
    private String measureTable() {
        StringBuilder md = new StringBuilder("| workload | threads | original ms | rewritten ms | speedup [95% CI]"
                + " | allocation reduction [95% CI] | energy saving | same output |\n|---|---:|---:|---:|---|---|---|---|\n");
        for (JsonNode row : json.get("summary")) {
            md.append("| ").append(cell(text(row, "workload"))).append(" | ").append(cell(text(row, "threads")))
                    .append(" | ").append(cell(text(row, "originalMillis"))).append(" | ")
                    .append(cell(text(row, "rewrittenMillis"))).append(" | ")
                    .append(cell(row.path("sameOutput").asBoolean() ? text(row, "speedup") : "refused: outputs differ"))
                    .append(" | ").append(cell(text(row, "allocationReduction"))).append(" | ")
                    .append(cell(text(row, "energySaving"))).append(" | ").append(row.path("sameOutput").asBoolean())
                    .append(" |\n");
        }
        md.append("\nMeasured with ").append(Markdown.code(json.path("command").asText())).append(" on ")
                .append(Markdown.text(json.path("machine").asText())).append(".\n");
        return md.toString();
    }

    private static String text(JsonNode row, String field) {
        JsonNode value = row.path(field);
        return value.isMissingNode() || value.isNull() ? "–" : value.asText();
    }

    private static void flatten(String prefix, JsonNode node, List<String[]> rows) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), rows);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(prefix + "[" + i + "]", node.get(i), rows);
            }
        } else {
            rows.add(new String[] {prefix.isEmpty() ? "value" : prefix, node.isTextual() ? node.asText() : node.toString()});
        }
    }

    /** A table cell: inert text (a newline shows as {@code \n}, a {@code |} cannot end the cell). */
    private static String cell(String text) {
        return Markdown.text(text);
    }

    /** A fence of backticks must be longer than any run of backticks in the block it encloses. */
    private static int longestBacktickRun(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
