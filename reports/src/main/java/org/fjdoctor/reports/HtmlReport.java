package org.fjdoctor.reports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.diff.UnifiedDiff;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Patch;
import org.fjdoctor.refactorings.Safety;

/**
 * One self-contained HTML page (inline CSS, no script, no external resource): a summary per rule and
 * per module, then the findings by file, each with the source lines around it, its related locations
 * (copy site, fork site, each step of the call path) as in-page links to their own excerpts, and every
 * fix the refactorings offer as a unified diff with its safety and reasoning. Everything taken from the
 * code or the findings is escaped, and the page is well-formed XML as well as HTML.
 */
public final class HtmlReport implements Report {

    /** Lines shown before and after a finding, and around a related location. */
    static final int CONTEXT = 3;
    static final int RELATED_CONTEXT = 1;
    /** A finding spanning more lines is shown from its start this far, then cut. */
    static final int MAX_FINDING_LINES = 12;

    private static final String CSS = loadCss();

    @Override
    public void write(ScanReport report, Writer out) throws IOException {
        out.write(new Page(report).render());
        out.flush();
    }

    /** One rendering; counters make the anchors unique within the page. */
    private static final class Page {
        private final ScanReport report;
        private final ScanResult result;
        private final SourceRoot root;
        private final StringBuilder out = new StringBuilder(64 * 1024);
        private int findingNumber;

        Page(ScanReport report) {
            this.report = report;
            this.result = report.result();
            this.root = SourceRoot.of(report.roots());
        }

        String render() {
            out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                    .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                    .append("<title>fjdoctor report</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
            out.append("<header>\n<h1>fjdoctor report</h1>\n<p class=\"meta\">fjdoctor ").append(e(FjdoctorVersion.get()))
                    .append(" · ").append(e(TextReport.summary(result))).append("</p>\n")
                    .append(report.changedSince().map(c -> "<p class=\"meta\">" + e(c.describe()) + "</p>\n")
                            .orElse(""));
            for (String line : report.settings().lines()) {
                out.append("<p class=\"meta settings\">").append(e(line)).append("</p>\n");
            }
            out.append("<nav><a href=\"#rules\">By rule</a><a href=\"#modules\">By module</a>")
                    .append("<a href=\"#findings\">Findings</a>")
                    .append(result.problems().isEmpty() ? "" : "<a href=\"#problems\">File problems</a>")
                    .append("</nav>\n</header>\n<main>\n");
            rules();
            modules();
            findings();
            problems();
            out.append("</main>\n</body>\n</html>\n");
            return out.toString();
        }

        private void rules() {
            out.append("<section id=\"rules\">\n<h2>By rule</h2>\n<table>\n<thead><tr><th>Rule</th><th>Title</th>")
                    .append("<th>Severity</th><th class=\"num\">Findings</th><th class=\"num\">In test code</th>")
                    .append("<th class=\"num\">SAFE fix</th>")
                    .append("<th class=\"num\">REVIEW fix only</th><th class=\"num\">No fix</th></tr></thead>\n<tbody>\n");
            for (Rule rule : result.rules()) {
                RuleInfo info = rule.info();
                int total = 0;
                int safe = 0;
                int review = 0;
                int inTests = 0;
                for (Finding finding : result.findings()) {
                    if (finding.ruleId().equals(info.id())) {
                        total++;
                        inTests += finding.inTestCode() ? 1 : 0;
                        List<Fix> fixes = report.fixesOf(finding);
                        if (fixes.stream().anyMatch(f -> f.safety() == Safety.SAFE)) {
                            safe++;
                        } else if (!fixes.isEmpty()) {
                            review++;
                        }
                    }
                }
                out.append("<tr id=\"rule-").append(e(info.id())).append("\"><td><code>").append(e(info.code()))
                        .append("</code> ").append(e(info.id())).append("</td><td>").append(e(info.title()))
                        .append("</td><td><span class=\"sev sev-").append(e(Labels.severity(info.severity()))).append("\">")
                        .append(e(Labels.severity(info.severity()))).append("</span></td>")
                        .append(num(total)).append(num(inTests)).append(num(safe)).append(num(review))
                        .append(num(total - safe - review))
                        .append("</tr>\n");
            }
            out.append("</tbody>\n</table>\n");
            // Each rule's rationale once, not per finding.
            out.append("<details class=\"rationale\"><summary>What each rule finds and why it costs time</summary>\n<dl>\n");
            for (Rule rule : result.rules()) {
                RuleInfo info = rule.info();
                out.append("<dt><code>").append(e(info.code())).append("</code> ").append(e(info.id())).append(": ")
                        .append(e(info.title())).append("</dt>\n<dd>").append(e(info.description())).append(' ')
                        .append(e(info.rationale())).append("</dd>\n");
            }
            out.append("</dl>\n</details>\n</section>\n");
        }

        private void modules() {
            Modules modules = new Modules(root);
            Map<String, Map<String, Integer>> counts = new TreeMap<>();
            for (Finding finding : result.findings()) {
                counts.computeIfAbsent(modules.of(finding.location().file()), k -> new LinkedHashMap<>())
                        .merge(finding.ruleId(), 1, Integer::sum);
            }
            List<String> ruleIds = result.rules().stream().map(r -> r.info().id())
                    .filter(id -> counts.values().stream().anyMatch(c -> c.containsKey(id))).toList();
            out.append("<section id=\"modules\">\n<h2>By module</h2>\n<p class=\"muted\">Modules are the Maven modules")
                    .append(" (directories with a pom.xml) below ").append(e(root.path().toString()))
                    .append(", else its top-level directories.</p>\n<table>\n<thead><tr><th>Module</th>")
                    .append("<th class=\"num\">Findings</th>");
            ruleIds.forEach(id -> out.append("<th class=\"num\"><a href=\"#rule-").append(e(id)).append("\">")
                    .append(e(id)).append("</a></th>"));
            out.append("</tr></thead>\n<tbody>\n");
            counts.forEach((module, perRule) -> {
                out.append("<tr><td><code>").append(e(module)).append("</code></td>")
                        .append(num(perRule.values().stream().mapToInt(Integer::intValue).sum()));
                ruleIds.forEach(id -> out.append(num(perRule.getOrDefault(id, 0))));
                out.append("</tr>\n");
            });
            if (counts.isEmpty()) {
                out.append("<tr><td colspan=\"2\">no findings</td></tr>\n");
            }
            out.append("</tbody>\n</table>\n</section>\n");
        }

        private void findings() {
            Map<String, List<Finding>> byFile = new LinkedHashMap<>();
            result.findings().forEach(f -> byFile.computeIfAbsent(f.location().relativePath(), k -> new ArrayList<>()).add(f));
            out.append("<section id=\"findings\">\n<h2>Findings by file</h2>\n");
            if (byFile.isEmpty()) {
                out.append("<p>No findings.</p>\n");
            }
            int fileNumber = 0;
            for (Map.Entry<String, List<Finding>> file : byFile.entrySet()) {
                out.append("<section class=\"file\" id=\"file-").append(++fileNumber).append("\">\n<h3>")
                        .append(e(file.getKey())).append(" <span class=\"muted\">(")
                        .append(e(Labels.plural(file.getValue().size(), "finding"))).append(")</span></h3>\n");
                file.getValue().forEach(this::finding);
                out.append("</section>\n");
            }
            out.append("</section>\n");
        }

        private void finding(Finding finding) {
            String id = "finding-" + (++findingNumber);
            String severity = Labels.severity(finding.severity());
            out.append("<article class=\"finding\" id=\"").append(id).append("\">\n<h4><span class=\"sev sev-")
                    .append(e(severity)).append("\">").append(e(severity)).append("</span> <a href=\"#rule-")
                    .append(e(finding.ruleId())).append("\">").append(e(finding.ruleId())).append("</a> <a href=\"#")
                    .append(id).append("\">").append(e(finding.location().display())).append("</a>")
                    .append(finding.inTestCode() ? " <span class=\"test-code\">test code</span>" : "").append("</h4>\n")
                    .append("<p class=\"message\">").append(e(finding.message())).append("</p>\n");
            Location at = finding.location();
            int last = Math.min(Math.max(at.line(), at.endLine()), at.line() + MAX_FINDING_LINES - 1);
            excerpt(at, at.line() - CONTEXT, last + CONTEXT);

            List<RelatedLocation> related = finding.related();
            if (!related.isEmpty()) {
                out.append("<ol class=\"related\">\n");
                for (int i = 0; i < related.size(); i++) {
                    RelatedLocation r = related.get(i);
                    out.append("<li><a href=\"#").append(id).append("-r").append(i + 1).append("\">")
                            .append(e(r.location().display())).append("</a> ").append(e(r.message())).append("</li>\n");
                }
                out.append("</ol>\n");
                for (int i = 0; i < related.size(); i++) {
                    RelatedLocation r = related.get(i);
                    out.append("<div class=\"site\" id=\"").append(id).append("-r").append(i + 1).append("\">\n<p>")
                            .append(i + 1).append(". ").append(e(r.message())).append(" <span class=\"muted\">")
                            .append(e(r.location().display())).append("</span> <a href=\"#").append(id)
                            .append("\">back to the finding</a></p>\n");
                    excerpt(r.location(), r.location().line() - RELATED_CONTEXT, r.location().line() + RELATED_CONTEXT);
                    out.append("</div>\n");
                }
            }

            List<Fix> fixes = report.fixesOf(finding);
            if (fixes.isEmpty()) {
                out.append("<p class=\"nofix\">No automatic fix is offered for this finding")
                        .append(report.noFixReason(finding).map(reason -> ": " + e(reason)).orElse("")).append(".</p>\n");
            }
            for (int i = 0; i < fixes.size(); i++) {
                fix(fixes.get(i), i == 0);
            }
            out.append("</article>\n");
        }

        /** Lines {@code from..to} (clamped) of the location's file, its own lines marked; nothing without the text. */
        private void excerpt(Location at, int from, int to) {
            SourceFile source = report.source(at.file()).orElse(null);
            if (source == null) {
                return;
            }
            int first = Math.max(1, from);
            int lastLine = Math.min(source.lineCount(), to);
            int hitEnd = Math.max(at.line(), at.endLine());
            out.append("<pre class=\"source\"><code>");
            for (int line = first; line <= lastLine; line++) {
                boolean hit = line >= at.line() && line <= hitEnd;
                out.append("<span class=\"l").append(hit ? " hit" : "").append("\"><span class=\"n\">").append(line)
                        .append("</span>").append(e(source.lineText(line))).append("</span>");
            }
            out.append("</code></pre>\n");
        }

        private void fix(Fix fix, boolean open) {
            String safety = fix.safety().name();
            out.append("<details class=\"fix\"").append(open ? " open=\"open\"" : "").append(">\n<summary><span class=\"safety safety-")
                    .append(e(safety.toLowerCase(Locale.ROOT))).append("\">").append(e(safety)).append("</span> ")
                    .append(e(fix.title())).append("</summary>\n<p class=\"why\">")
                    .append(e(fix.safety() == Safety.SAFE ? "Applied by 'fjdoctor fix'. " : "Applied only by 'fjdoctor fix --include-review'. "))
                    .append(e(fix.why())).append("</p>\n<pre class=\"diff\"><code>");
            Patch patch = Patch.apply(report.sources(), List.of(fix));
            for (Map.Entry<Path, String> changed : patch.rewritten().entrySet()) {
                SourceFile original = patch.originals().get(changed.getKey());
                String path = root.relativize(original.path()).orElse(original.display());
                for (String line : UnifiedDiff.of(path, original.text(), changed.getValue()).split("\r?\n|\r")) {
                    out.append("<span class=\"l").append(diffClass(line)).append("\">").append(e(line)).append("</span>");
                }
            }
            out.append("</code></pre>\n</details>\n");
        }

        private static String diffClass(String line) {
            if (line.startsWith("+++") || line.startsWith("---") || line.startsWith("diff ") || line.startsWith("@@")) {
                return " hunk";
            }
            return line.startsWith("+") ? " add" : line.startsWith("-") ? " del" : "";
        }

        private void problems() {
            if (result.problems().isEmpty()) {
                return;
            }
            out.append("<section id=\"problems\">\n<h2>File problems</h2>\n<p class=\"muted\">Files that could not be")
                    .append(" analyzed as they are; they never change the exit code.</p>\n<table>\n<thead><tr><th>File</th>")
                    .append("<th>Problem</th><th>Message</th><th>Still analyzed</th></tr></thead>\n<tbody>\n");
            for (FileProblem problem : result.problems()) {
                out.append("<tr><td><code>").append(e(problem.relativePath())).append("</code></td><td>")
                        .append(e(Labels.kind(problem.kind()))).append("</td><td>").append(e(problem.message()))
                        .append("</td><td>").append(problem.scanned() ? "yes" : "no").append("</td></tr>\n");
            }
            out.append("</tbody>\n</table>\n</section>\n");
        }

        private static String num(int value) {
            return "<td class=\"num\">" + value + "</td>";
        }

        private static String e(String text) {
            return Html.escape(text);
        }
    }

    private static String loadCss() {
        try (InputStream in = HtmlReport.class.getResourceAsStream("report.css")) {
            if (in == null) {
                throw new IllegalStateException("report.css is missing from the fjdoctor jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
