package org.fjdoctor.cli.survey;

import static org.fjdoctor.cli.survey.SurveySummary.percent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fjdoctor.cli.survey.SurveySummary.Census;
import org.fjdoctor.cli.survey.SurveySummary.RulePrevalence;

/**
 * The summary's tables, once, for the Markdown and the HTML page. The first two are laid out to be read
 * beside the published studies: the census columns repeat the figures docs/PATTERNS.md quotes from the
 * 2014 census (De Wael et al., PPPJ 2014: 120 projects, 362 tasks) and the 2017 study (30 projects,
 * 791K lines), and the rule table lists the study's six core bottlenecks first, in its order.
 */
final class SummaryTables {

    /** A table with a heading, a sentence under it, and a chart of one numeric column (-1: none). */
    record Table(String title, String note, List<String> headers, List<List<String>> rows, int chartColumn,
                 List<Long> chartValues) {
    }

    private SummaryTables() {
    }

    static List<Table> of(SurveySummary summary) {
        List<Table> tables = new ArrayList<>();
        tables.add(census(summary));
        tables.add(rules(summary));
        tables.add(fixes(summary));
        tables.add(counted("Framework mix", "Projects whose code names each fork/join framework or API (lexical).",
                "framework", summary.frameworks(), summary.results().size()));
        tables.add(counted("Findings per KLOC", "Scanned projects by main-code findings per 1,000 lines of Java.",
                "findings per KLOC", summary.perKloc(), summary.census().scanned()));
        tables.add(failures(summary));
        tables.add(repositories(summary));
        return tables;
    }

    private static Table census(SurveySummary s) {
        Census c = s.census();
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("projects surveyed", Long.toString(s.results().size()), "120", "30"));
        rows.add(List.of("projects scanned (failed)", c.scanned() + " (" + c.failed() + ")", "", ""));
        rows.add(List.of("projects using fork/join tasks or pools", c.usingForkJoin() + " ("
                + percent(c.usingForkJoin(), s.results().size()) + ")", "120", "30"));
        rows.add(List.of("fork/join task classes", Long.toString(c.taskClasses()), "362", ""));
        rows.add(List.of("ForkJoinPool creations and common-pool uses", Long.toString(c.pools()), "", ""));
        rows.add(List.of("parallel streams", Long.toString(c.parallelStreams()), "", ""));
        rows.add(List.of("*Async calls", Long.toString(c.asyncCalls()), "", ""));
        rows.add(List.of("lines of Java", String.format(Locale.ROOT, "%,d", c.lines()), "", "791K"));
        rows.add(List.of("engine (jobs)", s.run().engine() + " (" + s.run().jobs() + ")", "by hand", "by hand"));
        SurveyRun run = s.run();
        rows.add(List.of("wall time of this run", time(run.wallMillis()) + " (" + run.surveyed() + " surveyed, "
                + run.resumed() + " resumed)", "", ""));
        if (s.runs().size() > 1) {
            rows.add(List.of("wall time of all " + s.runs().size() + " runs (each)", time(s.wallMillisOfAllRuns())
                    + " (" + String.join(", ", s.runs().stream().map(r -> time(r.wallMillis())).toList()) + ")", "", ""));
        }
        rows.add(List.of("scan time, all repositories (sum over jobs)", time(c.scanMillis()), "", ""));
        rows.add(List.of("peak memory of one scan", mib(c.peakMemoryBytes()), "", ""));
        return new Table("Census", "This survey beside the 2014 census (De Wael et al., PPPJ 2014) and the 2017 study"
                + " (30 GitHub projects). Usage counts are lexical: occurrences in the code, comments removed.",
                List.of("figure", "this survey", "2014 census", "2017 study"), rows, -1, List.of());
    }

    private static Table rules(SurveySummary s) {
        List<List<String>> rows = new ArrayList<>();
        List<Long> chart = new ArrayList<>();
        long scanned = s.census().scanned();
        for (RulePrevalence r : s.rules()) {
            RuleCounts n = r.counts();
            rows.add(List.of(r.code(), (r.core() ? "**" : "") + r.id() + (r.core() ? "**" : ""), r.category(),
                    Long.toString(n.main()), Long.toString(n.test()), Long.toString(r.projects()),
                    percent(r.projects(), scanned), Long.toString(n.safe()), Long.toString(n.review()),
                    Long.toString(n.none())));
            chart.add(r.projects());
        }
        return new Table("Per-rule prevalence", "Findings per rule (the six core bottlenecks of the study first, in"
                + " bold); projects: scanned projects with at least one finding in main code; fixes: each finding's"
                + " best fix.", List.of("code", "rule", "category", "findings (main)", "findings (test)", "projects",
                "share of projects", "SAFE fix", "REVIEW fix", "no fix"), rows, 5, chart);
    }

    private static Table fixes(SurveySummary s) {
        RuleCounts t = s.total();
        long all = t.findings();
        List<List<String>> rows = List.of(
                List.of("SAFE (applied by fix and patch)", Long.toString(t.safe()), percent(t.safe(), all)),
                List.of("REVIEW only (fix --include-review)", Long.toString(t.review()), percent(t.review(), all)),
                List.of("no fix", Long.toString(t.none()), percent(t.none(), all)));
        return new Table("Fix coverage", "Findings (main and test code) by their best planned fix.",
                List.of("fix", "findings", "share"), rows, 1, List.of(t.safe(), t.review(), t.none()));
    }

    private static Table counted(String title, String note, String what, Map<String, Long> counts, long whole) {
        List<List<String>> rows = new ArrayList<>();
        List<Long> chart = new ArrayList<>();
        counts.forEach((label, n) -> {
            rows.add(List.of(label, Long.toString(n), percent(n, whole)));
            chart.add(n);
        });
        return new Table(title, note, List.of(what, "projects", "share"), rows, 1, chart);
    }

    private static Table failures(SurveySummary s) {
        List<List<String>> rows = s.results().stream().filter(r -> !r.scanned())
                .map(r -> List.of(r.name(), r.failure())).toList();
        return new Table("Failures", rows.isEmpty() ? "None: every repository was scanned."
                : "Repositories without a scan result, and why.", List.of("repository", "reason"), rows, -1, List.of());
    }

    private static Table repositories(SurveySummary s) {
        List<List<String>> rows = s.results().stream().map(SummaryTables::repository).toList();
        return new Table("Per repository", "tasks/pools/parallel/async: lexical counts; findings main/test;"
                + " fixes SAFE/REVIEW/none.", List.of("repository", "commit", "build", "Java", "KLOC",
                "tasks/pools/parallel/async", "findings", "fixes", "scan time", "peak memory", "status"), rows, -1,
                List.of());
    }

    private static List<String> repository(RepoResult r) {
        ForkJoinUsage u = r.usage();
        RuleCounts t = r.total();
        String commit = r.revision() == null ? "" : r.revision().substring(0, Math.min(10, r.revision().length()));
        String kloc = u == null ? "" : String.format(Locale.ROOT, "%.1f", u.lines() / 1000.0);
        String usage = u == null ? "" : u.taskClasses() + "/" + u.pools() + "/" + u.parallelStreams() + "/" + u.asyncCalls();
        String findings = r.scanned() ? t.main() + "/" + t.test() : "";
        String fixes = r.scanned() ? t.safe() + "/" + t.review() + "/" + t.none() : "";
        String time = r.scanMillis() == 0 ? "" : time(r.scanMillis());
        return List.of(r.name(), commit, nz(r.buildSystem()), r.javaLevel() == null ? "" : r.javaLevel().toString(),
                kloc, usage, findings, fixes, time, mib(r.peakMemoryBytes()), r.scanned() ? "scanned" : "failed");
    }

    private static String time(long millis) {
        return Durations.format(Duration.ofMillis(millis));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }

    private static String mib(long bytes) {
        return bytes == 0 ? "-" : (bytes >> 20) + " MiB";
    }
}
