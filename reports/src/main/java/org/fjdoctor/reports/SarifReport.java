package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.TextEdit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * SARIF 2.1.0, one run, for code-scanning services and review bots. Every artifact URI is relative to
 * {@code %SRCROOT%}, the root of the git work tree holding the scanned paths (else the directory
 * holding all of them), whose file URI {@code originalUriBaseIds} gives. A result whose finding has
 * fixes carries them, best first, as {@code fixes} with line/column and character-offset regions; one
 * without says why in its {@value #NO_FIX_REASON} property; each rule links its documentation page in
 * the repository ({@code helpUri}).
 */
public final class SarifReport implements Report {

    public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String FINGERPRINT_KEY = "fjdoctor/v1";
    static final String INFORMATION_URI = FjdoctorVersion.url();
    /** SARIF wants an absolute helpUri: the rule pages below the project's address, {@code docs/rules/<id>.md}. */
    public static final String RULE_DOCS_URI = INFORMATION_URI + "/docs/rules/";
    private static final String SRCROOT = "%SRCROOT%";
    /** A result property: why the finding has no fix, as {@code fix} says when it skips it. */
    public static final String NO_FIX_REASON = "noFixReason";
    /**
     * A result property: whether the finding is in test sources (a note unless tests are included); the
     * run's properties count {@code mainCodeFindings} and {@code testCodeFindings} apart.
     */
    public static final String TEST_CODE = "testCode";

    @Override
    public void write(ScanReport report, Writer out) throws IOException {
        JsonReport.MAPPER.writeValue(out, toSarif(report));
        out.write("\n");
        out.flush();
    }

    static ObjectNode toSarif(ScanReport report) {
        return new Run(report).log();
    }

    /** One SARIF log, built against one source root. */
    private static final class Run {
        private final ScanReport report;
        private final SourceRoot sourceRoot;

        Run(ScanReport report) {
            this.report = report;
            this.sourceRoot = SourceRoot.of(report.roots());
        }

        ObjectNode log() {
            ScanResult result = report.result();
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
                ruleIndex.put(rule.info().id(), rules.size());
                rules.add(descriptor(rule.info()));
            }

            ObjectNode invocation = run.putArray("invocations").addObject();
            // A rule or a model of fjdoctor's that failed left part of the project unanalysed (its notification says which).
            invocation.put("executionSuccessful", result.complete());
            if (report.settings().known()) {
                // Which settings file applied and each Java level the offered fixes were written for.
                invocation.putObject("properties").set("fjdoctorSettings", JsonReport.settings(report.settings()));
            }
            ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
            for (FileProblem problem : result.problems()) {
                ObjectNode notification = notifications.addObject()
                        .put("level", problem.kind().ownFailure() ? "error" : problem.scanned() ? "note" : "warning");
                notification.putObject("message").put("text", problem.relativePath() + ": "
                        + Labels.kind(problem.kind()) + ": " + problem.message());
                notification.putObject("descriptor").put("id", Labels.kind(problem.kind()));
                ObjectNode physical = notification.putArray("locations").addObject().putObject("physicalLocation");
                physical.set("artifactLocation", artifactLocation(problem.file()));
            }

            String rootUri = sourceRoot.path().toUri().toString();
            run.putObject("originalUriBaseIds").putObject(SRCROOT)
                    .put("uri", rootUri.endsWith("/") ? rootUri : rootUri + "/");
            run.put("columnKind", "utf16CodeUnits");
            // Findings in test sources apart, as every report counts them.
            CodeSplit split = CodeSplit.of(result.findings());
            ObjectNode runProperties = run.putObject("properties")
                    .put("mainCodeFindings", split.main())
                    .put("testCodeFindings", split.test());
            report.changedSince().ifPresent(changed -> runProperties.putObject("changedSince")
                    .put("ref", changed.ref())
                    .put("notShown", changed.notShown()));

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
                List<Fix> fixes = report.fixesOf(finding);
                if (!fixes.isEmpty()) {
                    ArrayNode fixNodes = node.putArray("fixes");
                    fixes.forEach(fix -> fixNodes.add(fix(fix)));
                }
                ObjectNode properties = node.putObject("properties").put(TEST_CODE, finding.inTestCode());
                report.noFixReason(finding).ifPresent(reason -> properties.put(NO_FIX_REASON, reason));
            }
            return log;
        }

        private static ObjectNode descriptor(RuleInfo info) {
            ObjectNode descriptor = JsonReport.MAPPER.createObjectNode()
                    .put("id", info.id())
                    .put("name", Labels.pascalCase(info.id()));
            descriptor.putObject("shortDescription").put("text", info.title());
            descriptor.putObject("fullDescription").put("text", info.description());
            descriptor.put("helpUri", RULE_DOCS_URI + info.id() + ".md");
            descriptor.putObject("help")
                    .put("text", info.rationale())
                    .put("markdown", "**" + info.code() + " " + info.id() + ": " + info.title() + "**\n\n"
                            + info.description() + "\n\n" + info.rationale());
            descriptor.putObject("defaultConfiguration").put("level", info.severity().sarifLevel());
            descriptor.putObject("properties")
                    .put("category", Labels.category(info.category()))
                    .put("code", info.code());
            return descriptor;
        }

        /** A fix: its safety and reasoning as the description, its edits grouped by file. */
        private ObjectNode fix(Fix fix) {
            ObjectNode node = JsonReport.MAPPER.createObjectNode();
            node.putObject("description").put("text", Labels.fixDescription(fix));
            Map<Path, List<TextEdit>> byFile = new LinkedHashMap<>();
            fix.edits().forEach(edit -> byFile.computeIfAbsent(edit.file(), k -> new ArrayList<>()).add(edit));
            ArrayNode changes = node.putArray("artifactChanges");
            byFile.forEach((file, edits) -> {
                ObjectNode change = changes.addObject();
                change.set("artifactLocation", artifactLocation(file));
                ArrayNode replacements = change.putArray("replacements");
                edits.stream().sorted(Comparator.comparingInt(TextEdit::offset)).forEach(edit -> {
                    ObjectNode replacement = replacements.addObject();
                    replacement.set("deletedRegion", deletedRegion(edit));
                    replacement.putObject("insertedContent").put("text", edit.replacement());
                });
            });
            node.putObject("properties").put("safety", fix.safety().name());
            return node;
        }

        /**
         * Lines and columns (what GitHub and reviewdog read) and, equivalently, character offset and
         * length (exact for any consumer); both count UTF-16 code units, as {@code columnKind} says.
         */
        private ObjectNode deletedRegion(TextEdit edit) {
            ObjectNode region = JsonReport.MAPPER.createObjectNode();
            report.source(edit.file()).ifPresent(source -> region
                    .put("startLine", source.lineOf(edit.offset()))
                    .put("startColumn", source.columnOf(edit.offset()))
                    .put("endLine", source.lineOf(edit.end()))
                    .put("endColumn", source.columnOf(edit.end())));
            region.put("charOffset", edit.offset()).put("charLength", edit.length());
            return region;
        }

        private ObjectNode location(Location location) {
            ObjectNode node = JsonReport.MAPPER.createObjectNode();
            ObjectNode physical = node.putObject("physicalLocation");
            physical.set("artifactLocation", artifactLocation(location.file()));
            ObjectNode region = physical.putObject("region")
                    .put("startLine", Math.max(1, location.line()))
                    .put("startColumn", Math.max(1, location.column()));
            if (location.endLine() >= location.line()) {
                region.put("endLine", location.endLine());
                region.put("endColumn", Math.max(1, location.endColumn()));
            }
            return node;
        }

        /** A URI reference below %SRCROOT%; a file URI only for a file outside it (never for scanned files). */
        private ObjectNode artifactLocation(Path file) {
            ObjectNode node = JsonReport.MAPPER.createObjectNode();
            Optional<String> relative = sourceRoot.relativize(file);
            if (relative.isEmpty()) {
                node.put("uri", file.toAbsolutePath().normalize().toUri().toString());
                return node;
            }
            String path = relative.get();
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
    }
}
