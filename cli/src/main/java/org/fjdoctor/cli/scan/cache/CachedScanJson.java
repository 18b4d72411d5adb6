package org.fjdoctor.cli.scan.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.JavaLevels;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.reports.AppliedSettings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A {@link CachedScan} as a JSON tree and back. Findings are written once and fixes refer to them by index,
 * so a finding read back equals the one its fixes were planned for. The rules are not stored: they are part
 * of the key, so the scan that reads an entry runs exactly the rules that wrote it.
 */
final class CachedScanJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private CachedScanJson() {
    }

    static ObjectNode write(CachedScan scan) {
        ObjectNode node = JSON.objectNode();
        ScanResult result = scan.result();
        ArrayNode findings = node.putArray("findings");
        for (Finding finding : result.findings()) {
            findings.add(finding(finding, scan));
        }
        ArrayNode problems = node.putArray("problems");
        for (FileProblem problem : result.problems()) {
            problems.addObject()
                    .put("file", problem.file() == null ? null : problem.file().toString())
                    .put("relativePath", problem.relativePath())
                    .put("kind", problem.kind().name())
                    .put("message", problem.message())
                    .put("scanned", problem.scanned());
        }
        node.put("files", result.files()).put("lines", result.lines()).put("modelFiles", result.modelFiles());
        AppliedSettings settings = scan.settings();
        ObjectNode applied = node.putObject("settings").put("known", settings.known())
                .put("includeTests", settings.includeTests());
        applied.put("file", settings.file().map(Path::toString).orElse(null));
        ArrayNode levels = applied.putArray("javaLevels");
        for (JavaLevels.Use use : settings.javaLevels()) {
            levels.addObject().put("feature", use.level().feature()).put("source", use.level().source())
                    .put("files", use.files());
        }
        return node;
    }

    private static ObjectNode finding(Finding finding, CachedScan scan) {
        ObjectNode node = JSON.objectNode()
                .put("ruleId", finding.ruleId())
                .put("severity", finding.severity().name())
                .put("message", finding.message())
                .put("member", finding.member())
                .put("fingerprint", finding.fingerprint())
                .put("testCode", finding.inTestCode());
        node.set("location", location(finding.location()));
        ArrayNode related = node.putArray("related");
        for (RelatedLocation location : finding.related()) {
            related.addObject().put("message", location.message()).set("location", location(location.location()));
        }
        if (scan.noFixReasons().containsKey(finding)) {
            node.put("noFixReason", scan.noFixReasons().get(finding));
        }
        ArrayNode fixes = node.putArray("fixes");
        for (Fix fix : scan.fixes().getOrDefault(finding, List.of())) {
            ObjectNode fixNode = fixes.addObject()
                    .put("ruleId", fix.ruleId())
                    .put("fingerprint", fix.fingerprint())
                    .put("title", fix.title())
                    .put("safety", fix.safety().name())
                    .put("why", fix.why());
            ArrayNode edits = fixNode.putArray("edits");
            for (TextEdit edit : fix.edits()) {
                edits.addObject().put("file", edit.file().toString()).put("offset", edit.offset())
                        .put("length", edit.length()).put("replacement", edit.replacement());
            }
        }
        return node;
    }

    private static ObjectNode location(Location location) {
        return JSON.objectNode()
                .put("file", location.file().toString())
                .put("relativePath", location.relativePath())
                .put("line", location.line()).put("column", location.column())
                .put("endLine", location.endLine()).put("endColumn", location.endColumn())
                .put("startOffset", location.startOffset()).put("endOffset", location.endOffset());
    }

    /** The scan in {@code node}, run with {@code rules}; an exception when a part is missing or malformed. */
    static CachedScan read(JsonNode node, List<Rule> rules) {
        List<Finding> findings = new ArrayList<>();
        Map<Finding, List<Fix>> fixes = new HashMap<>();
        Map<Finding, String> noFixReasons = new HashMap<>();
        for (JsonNode item : array(node, "findings")) {
            List<RelatedLocation> related = new ArrayList<>();
            for (JsonNode r : array(item, "related")) {
                related.add(new RelatedLocation(location(required(r, "location")), text(r, "message")));
            }
            Finding finding = new Finding(text(item, "ruleId"), Severity.valueOf(text(item, "severity")),
                    text(item, "message"), location(required(item, "location")), related, text(item, "member"),
                    text(item, "fingerprint"), required(item, "testCode").asBoolean());
            findings.add(finding);
            if (item.hasNonNull("noFixReason")) {
                noFixReasons.put(finding, text(item, "noFixReason"));
            }
            List<Fix> planned = new ArrayList<>();
            for (JsonNode f : array(item, "fixes")) {
                List<TextEdit> edits = new ArrayList<>();
                for (JsonNode e : array(f, "edits")) {
                    edits.add(new TextEdit(Path.of(text(e, "file")), number(e, "offset"), number(e, "length"),
                            text(e, "replacement")));
                }
                planned.add(new Fix(text(f, "ruleId"), text(f, "fingerprint"), text(f, "title"),
                        Safety.valueOf(text(f, "safety")), text(f, "why"), edits));
            }
            if (!planned.isEmpty()) {
                fixes.put(finding, planned);
            }
        }
        List<FileProblem> problems = new ArrayList<>();
        for (JsonNode p : array(node, "problems")) {
            String file = text(p, "file");
            problems.add(new FileProblem(file == null ? null : Path.of(file), text(p, "relativePath"),
                    FileProblem.Kind.valueOf(text(p, "kind")), text(p, "message"), required(p, "scanned").asBoolean()));
        }
        ScanResult result = new ScanResult(rules, findings, problems, number(node, "files"),
                required(node, "lines").asLong(), number(node, "modelFiles"), 0);
        JsonNode applied = required(node, "settings");
        List<JavaLevels.Use> levels = new ArrayList<>();
        for (JsonNode use : array(applied, "javaLevels")) {
            levels.add(new JavaLevels.Use(new JavaLevel(number(use, "feature"), text(use, "source")),
                    number(use, "files")));
        }
        AppliedSettings settings = new AppliedSettings(required(applied, "known").asBoolean(),
                Optional.ofNullable(text(applied, "file")).map(Path::of), levels,
                required(applied, "includeTests").asBoolean());
        return new CachedScan(result, fixes, noFixReasons, settings);
    }

    private static JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IllegalArgumentException("missing " + field);
        }
        return value;
    }

    private static Iterable<JsonNode> array(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isArray()) {
            throw new IllegalArgumentException(field + " is not an array");
        }
        return value;
    }

    /** A string field; null when it was written as null. */
    private static String text(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new IllegalArgumentException(field + " is not a string");
        }
        return value.asText();
    }

    private static int number(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isInt()) {
            throw new IllegalArgumentException(field + " is not a number");
        }
        return value.asInt();
    }

    private static Location location(JsonNode node) {
        return new Location(Path.of(text(node, "file")), text(node, "relativePath"), number(node, "line"),
                number(node, "column"), number(node, "endLine"), number(node, "endColumn"),
                number(node, "startOffset"), number(node, "endOffset"));
    }
}
