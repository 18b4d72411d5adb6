package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.JavaLevels;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * fjdoctor's own machine format; also what {@code --baseline} reads back (by {@code fingerprint}).
 * Paths are exactly the report paths of the text format.
 */
public final class JsonReport implements Report {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Override
    public void write(ScanReport report, Writer out) throws IOException {
        ScanResult result = report.result();
        ObjectNode root = toJson(result);
        report.changedSince().ifPresent(changed -> root.putObject("changedSince")
                .put("ref", changed.ref())
                .put("notShown", changed.notShown()));
        if (report.settings().known()) {
            root.set("settings", settings(report.settings()));
        }
        MAPPER.writeValue(out, root);
        out.write("\n");
        out.flush();
    }

    static ObjectNode toJson(ScanResult result) {
        ObjectNode root = MAPPER.createObjectNode();
        root.putObject("tool").put("name", "fjdoctor").put("version", FjdoctorVersion.get());

        ArrayNode rules = root.putArray("rules");
        Map<String, CodeSplit> perRule = CodeSplit.perRule(result.findings());
        for (Rule rule : result.rules()) {
            RuleInfo info = rule.info();
            CodeSplit split = perRule.getOrDefault(info.id(), new CodeSplit(0, 0));
            rules.addObject()
                    .put("id", info.id())
                    .put("code", info.code())
                    .put("title", info.title())
                    .put("category", Labels.category(info.category()))
                    .put("severity", Labels.severity(info.severity()))
                    .put("description", info.description())
                    .put("rationale", info.rationale())
                    .put("mainCodeFindings", split.main())
                    .put("testCodeFindings", split.test());
        }

        ArrayNode findings = root.putArray("findings");
        for (Finding finding : result.findings()) {
            ObjectNode node = findings.addObject()
                    .put("ruleId", finding.ruleId())
                    .put("severity", Labels.severity(finding.severity()))
                    .put("message", finding.message());
            node.set("location", location(finding.location()));
            ArrayNode related = node.putArray("related");
            for (RelatedLocation r : finding.related()) {
                ObjectNode relatedNode = related.addObject().put("message", r.message());
                relatedNode.set("location", location(r.location()));
            }
            node.put("fingerprint", finding.fingerprint());
            node.put("testCode", finding.inTestCode());
        }

        ArrayNode problems = root.putArray("problems");
        for (FileProblem problem : result.problems()) {
            problems.addObject()
                    .put("path", problem.relativePath())
                    .put("kind", Labels.kind(problem.kind()))
                    .put("message", problem.message())
                    .put("scanned", problem.scanned());
        }

        CodeSplit split = CodeSplit.of(result.findings());
        root.putObject("stats")
                .put("files", result.files())
                .put("lines", result.lines())
                .put("modelFiles", result.modelFiles())
                .put("mainCodeFindings", split.main())
                .put("testCodeFindings", split.test())
                .put("millis", result.millis())
                // false when a rule or a model of fjdoctor's failed: the problems say what was not analysed
                .put("complete", result.complete());
        return root;
    }

    /**
     * {@code {"file": PATH or null, "javaLevels": [{"level", "origin", "files"}], "includeTests": BOOLEAN}}: SARIF's
     * run properties too.
     */
    static ObjectNode settings(AppliedSettings settings) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("file", settings.file().map(Path::toString).orElse(null));
        ArrayNode levels = node.putArray("javaLevels");
        for (JavaLevels.Use use : settings.javaLevels()) {
            levels.addObject().put("level", use.level().feature()).put("origin", use.level().source())
                    .put("files", use.files());
        }
        node.put("includeTests", settings.includeTests());
        return node;
    }

    private static ObjectNode location(Location location) {
        return MAPPER.createObjectNode()
                .put("path", location.relativePath())
                .put("line", location.line())
                .put("column", location.column())
                .put("endLine", location.endLine())
                .put("endColumn", location.endColumn());
    }
}
