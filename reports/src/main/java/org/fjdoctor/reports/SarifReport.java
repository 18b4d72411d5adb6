package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.ScanResult;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * SARIF 2.1.0, one run. Paths are relative to {@code %SRCROOT%}, which is the directory fjdoctor ran
 * in, so code-scanning services place results when the scan ran at the repository root.
 */
public final class SarifReport implements Report {

    public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String FINGERPRINT_KEY = "fjdoctor/v1";
    static final String INFORMATION_URI = "https://github.com/fjdoctor/fjdoctor";
    private static final String SRCROOT = "%SRCROOT%";

    private final Path sourceRoot;

    public SarifReport() {
        this(Path.of("").toAbsolutePath());
    }

    /** @param sourceRoot what {@code %SRCROOT%} stands for: the directory report paths are relative to */
    public SarifReport(Path sourceRoot) {
        this.sourceRoot = sourceRoot.toAbsolutePath().normalize();
    }

    @Override
    public void write(ScanResult result, Writer out) throws IOException {
        JsonReport.MAPPER.writeValue(out, toSarif(result));
        out.write("\n");
        out.flush();
    }

    ObjectNode toSarif(ScanResult result) {
        ObjectNode log = JsonReport.MAPPER.createObjectNode();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();

        ObjectNode driver = run.putObject("tool").putObject("driver")
                .put("name", "fjdoctor")
                .put("version", FjdoctorVersion.get())
                .put("informationUri", INFORMATION_URI);
        ArrayNode rules = driver.putArray("rules");
        Map<String, Integer> ruleIndex = new HashMap<>();
        for (Rule rule : result.rules()) {
            RuleInfo info = rule.info();
            ruleIndex.put(info.id(), rules.size());
            ObjectNode descriptor = rules.addObject()
                    .put("id", info.id())
                    .put("name", Labels.pascalCase(info.id()));
            descriptor.putObject("shortDescription").put("text", info.title());
            descriptor.putObject("fullDescription").put("text", info.description());
            descriptor.putObject("help")
                    .put("text", info.rationale())
                    .put("markdown", "**" + info.code() + " " + info.id() + ": " + info.title() + "**\n\n"
                            + info.description() + "\n\n" + info.rationale());
            descriptor.putObject("defaultConfiguration").put("level", info.severity().sarifLevel());
            descriptor.putObject("properties")
                    .put("category", Labels.category(info.category()))
                    .put("code", info.code());
        }

        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", true);
        ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
        for (FileProblem problem : result.problems()) {
            ObjectNode notification = notifications.addObject()
                    .put("level", problem.scanned() ? "note" : "warning");
            notification.putObject("message").put("text", problem.relativePath() + ": " + Labels.kind(problem.kind())
                    + ": " + problem.message());
            notification.putObject("descriptor").put("id", Labels.kind(problem.kind()));
            ObjectNode physical = notification.putArray("locations").addObject().putObject("physicalLocation");
            physical.set("artifactLocation", artifactLocation(problem.relativePath()));
        }

        String rootUri = sourceRoot.toUri().toString();
        run.putObject("originalUriBaseIds").putObject(SRCROOT).put("uri", rootUri.endsWith("/") ? rootUri : rootUri + "/");
        run.put("columnKind", "utf16CodeUnits");

        ArrayNode results = run.putArray("results");
        for (Finding finding : result.findings()) {
            ObjectNode node = results.addObject().put("ruleId", finding.ruleId());
            Integer index = ruleIndex.get(finding.ruleId());
            if (index != null) {
                node.put("ruleIndex", index);
            }
            node.put("level", finding.severity().sarifLevel());
            node.putObject("message").put("text", finding.message());
            node.putArray("locations").add(location(finding.location()));
            List<RelatedLocation> related = finding.related();
            if (!related.isEmpty()) {
                ArrayNode relatedNodes = node.putArray("relatedLocations");
                for (int i = 0; i < related.size(); i++) {
                    ObjectNode relatedNode = relatedNodes.addObject().put("id", i + 1);
                    relatedNode.setAll(location(related.get(i).location()));
                    relatedNode.putObject("message").put("text", related.get(i).message());
                }
            }
            node.putObject("partialFingerprints").put(FINGERPRINT_KEY, finding.fingerprint());
        }
        return log;
    }

    private ObjectNode location(Location location) {
        ObjectNode node = JsonReport.MAPPER.createObjectNode();
        ObjectNode physical = node.putObject("physicalLocation");
        physical.set("artifactLocation", artifactLocation(location.relativePath()));
        ObjectNode region = physical.putObject("region")
                .put("startLine", Math.max(1, location.line()))
                .put("startColumn", Math.max(1, location.column()));
        if (location.endLine() >= location.line()) {
            region.put("endLine", location.endLine());
            region.put("endColumn", Math.max(1, location.endColumn()));
        }
        return node;
    }

    /** A relative report path becomes a URI reference against %SRCROOT%; an absolute one a file URI. */
    private ObjectNode artifactLocation(String reportPath) {
        ObjectNode node = JsonReport.MAPPER.createObjectNode();
        String path = reportPath.replace('\\', '/');
        if (isAbsolute(reportPath)) {
            node.put("uri", Path.of(reportPath).toAbsolutePath().normalize().toUri().toString());
            return node;
        }
        if (path.startsWith("./")) {
            path = path.substring(2);
        }
        int slash = path.indexOf('/');
        if ((slash < 0 ? path : path.substring(0, slash)).contains(":")) {
            path = "./" + path; // a colon in the first segment would read as a URI scheme
        }
        try {
            node.put("uri", new URI(null, null, path, null).toASCIIString());
        } catch (URISyntaxException e) {
            node.put("uri", path);
        }
        node.put("uriBaseId", SRCROOT);
        return node;
    }

    private static boolean isAbsolute(String reportPath) {
        try {
            return Path.of(reportPath).isAbsolute();
        } catch (RuntimeException e) {
            return false;
        }
    }
}
