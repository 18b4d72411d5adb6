package org.fjdoctor.cli.survey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;

/**
 * The figures of a whole survey, computed once for both summaries: per-rule prevalence, fix coverage,
 * the fork/join census (frameworks, task classes, pools), findings per KLOC, cost, and the failures.
 *
 * @param runs the runs whose results these are, this one last (more than one after --resume)
 */
public record SurveySummary(List<SurveyRun> runs, List<RepoResult> results, List<RulePrevalence> rules,
                            Map<String, Long> frameworks, Map<String, Long> perKloc, Census census) {

    /** One rule over the scanned repositories: its counts and how many projects have it in main code. */
    public record RulePrevalence(String code, String id, String title, String category, RuleCounts counts,
                                 long projects) {
        public boolean core() {
            return code.matches("FJ[1-6]");
        }
    }

    /** What the 2014 census counted, here: projects that use fork/join and how. */
    public record Census(long scanned, long failed, long usingForkJoin, long taskClasses, long pools,
                         long parallelStreams, long asyncCalls, long lines, long scanMillis, long peakMemoryBytes) {
    }

    /** The bucket bounds of findings (main code) per 1,000 lines. */
    static final double[] KLOC_BOUNDS = {0, 0.1, 0.5, 1, 5};

    public static SurveySummary of(List<SurveyRun> runs, List<RepoResult> results) {
        List<RepoResult> scanned = results.stream().filter(RepoResult::scanned).toList();
        List<RulePrevalence> rules = new ArrayList<>();
        for (Rule rule : Rules.all()) {
            RuleInfo info = rule.info();
            RuleCounts counts = scanned.stream().map(r -> r.rules().getOrDefault(info.id(), RuleCounts.ZERO))
                    .reduce(RuleCounts.ZERO, RuleCounts::plus);
            long projects = scanned.stream().filter(r -> r.rules().getOrDefault(info.id(), RuleCounts.ZERO).main() > 0)
                    .count();
            rules.add(new RulePrevalence(info.code(), info.id(), info.title(), info.category().label(), counts, projects));
        }
        Map<String, Long> frameworks = new TreeMap<>();
        results.stream().filter(r -> r.usage() != null)
                .forEach(r -> r.usage().frameworks().forEach(f -> frameworks.merge(f, 1L, Long::sum)));
        return new SurveySummary(List.copyOf(runs), List.copyOf(results), rules, frameworks, perKloc(scanned), census(results));
    }

    private static Census census(List<RepoResult> results) {
        List<ForkJoinUsage> usages = results.stream().map(RepoResult::usage).filter(u -> u != null).toList();
        long scanned = results.stream().filter(RepoResult::scanned).count();
        return new Census(scanned, results.size() - scanned,
                usages.stream().filter(ForkJoinUsage::usesForkJoin).count(),
                usages.stream().mapToLong(ForkJoinUsage::taskClasses).sum(),
                usages.stream().mapToLong(ForkJoinUsage::pools).sum(),
                usages.stream().mapToLong(ForkJoinUsage::parallelStreams).sum(),
                usages.stream().mapToLong(ForkJoinUsage::asyncCalls).sum(),
                usages.stream().mapToLong(ForkJoinUsage::lines).sum(),
                results.stream().mapToLong(RepoResult::scanMillis).sum(),
                results.stream().mapToLong(RepoResult::peakMemoryBytes).max().orElse(0));
    }

    /** How many scanned repositories fall in each band of main-code findings per 1,000 lines. */
    private static Map<String, Long> perKloc(List<RepoResult> scanned) {
        Map<String, Long> bands = new LinkedHashMap<>();
        bands.put("0", 0L);
        for (int i = 1; i < KLOC_BOUNDS.length; i++) {
            bands.put(fmt(KLOC_BOUNDS[i - 1]) + "-" + fmt(KLOC_BOUNDS[i]), 0L);
        }
        bands.put("over " + fmt(KLOC_BOUNDS[KLOC_BOUNDS.length - 1]), 0L);
        List<String> labels = new ArrayList<>(bands.keySet());
        for (RepoResult r : scanned) {
            long lines = r.usage() == null ? 0 : r.usage().lines();
            double density = lines == 0 ? 0 : r.total().main() * 1000.0 / lines;
            int band = 0;
            if (density > 0) {
                band = KLOC_BOUNDS.length;
                for (int i = 1; i < KLOC_BOUNDS.length; i++) {
                    if (density <= KLOC_BOUNDS[i]) {
                        band = i;
                        break;
                    }
                }
            }
            bands.merge(labels.get(band), 1L, Long::sum);
        }
        return bands;
    }

    /** The run that wrote this summary. */
    public SurveyRun run() {
        return runs.get(runs.size() - 1);
    }

    /** The wall time of all the runs whose results these are. */
    public long wallMillisOfAllRuns() {
        return runs.stream().mapToLong(SurveyRun::wallMillis).sum();
    }

    /** All findings of all rules. */
    public RuleCounts total() {
        return rules.stream().map(RulePrevalence::counts).reduce(RuleCounts.ZERO, RuleCounts::plus);
    }

    static String fmt(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** {@code part} of {@code whole} as a percentage with no decimals, "-" when there is no whole. */
    static String percent(long part, long whole) {
        return whole == 0 ? "-" : Math.round(100.0 * part / whole) + "%";
    }
}
