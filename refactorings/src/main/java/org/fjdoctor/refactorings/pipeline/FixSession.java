package org.fjdoctor.refactorings.pipeline;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.diff.UnifiedDiff;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Patch;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

/**
 * From an analysis to verified new file texts: one fix per finding (the first SAFE one, or the first
 * SAFE or REVIEW one when review fixes are wanted), applied together, verified, with every fix that
 * was not applied and why. Nothing is written here.
 */
public final class FixSession {

    /** Why a finding was not fixed. */
    public enum Reason {
        NEEDS_REVIEW("needs review"),
        MANUAL("needs manual work"),
        NO_REFACTORING("no automatic fix"),
        OVERLAP("overlaps another fix"),
        VERIFICATION("failed verification"),
        INTERNAL_ERROR("internal error");

        private final String label;

        Reason(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** A finding that stays, the fix that was chosen for it (if any) and why it was not applied. */
    public record Skipped(Finding finding, Fix fix, Reason reason, String detail) {
    }

    /**
     * An applied fix with the finding it removes.
     *
     * @param alsoFixed other findings whose chosen fix had exactly the same edits (the two slices of one
     *                  copy-on-fork task, say): one fix removes them all
     */
    public record Applied(Finding finding, Fix fix, List<Finding> alsoFixed) {
    }

    /**
     * The outcome: the new text of each changed file, the applied fixes and the skipped findings.
     *
     * @param originals        every analyzed file by path
     * @param javaLevel        the Java level the fixes were written for and verified at; with a level per
     *                         file, the lowest of them
     * @param highestJavaLevel the highest level of a file (the same as {@code javaLevel} when all share one)
     */
    public record Outcome(Map<Path, SourceFile> originals, Map<Path, String> rewritten, List<Applied> applied,
                          List<Skipped> skipped, Verifier.Compilation compilation, int javaLevel,
                          int highestJavaLevel) {

        /** An outcome for files that share one Java level. */
        public Outcome(Map<Path, SourceFile> originals, Map<Path, String> rewritten, List<Applied> applied,
                       List<Skipped> skipped, Verifier.Compilation compilation, int javaLevel) {
            this(originals, rewritten, applied, skipped, compilation, javaLevel, javaLevel);
        }

        /** "Java 8", or "each file's own Java level (6 to 17)" when the files have levels of their own. */
        public String levels() {
            return javaLevel == highestJavaLevel ? "Java " + javaLevel
                    : "each file's own Java level (" + javaLevel + " to " + highestJavaLevel + ")";
        }

        public boolean nothingToDo() {
            return applied.isEmpty();
        }

        /** Lines added and removed by one fix on its own. */
        public UnifiedDiff.Stats stats(Fix fix) {
            Patch alone = Patch.apply(originals, List.of(fix));
            UnifiedDiff.Stats stats = UnifiedDiff.Stats.NONE;
            for (Map.Entry<Path, String> e : alone.rewritten().entrySet()) {
                stats = stats.plus(UnifiedDiff.stats(originals.get(e.getKey()).text(), e.getValue()));
            }
            return stats;
        }

        /** {@code path:line:col} with the path below the analyzed root (for commits and pull requests). */
        public String relativeLocation(Finding finding) {
            SourceFile file = originals.get(finding.location().file());
            return file == null ? finding.location().display()
                    : file.rootRelative() + ":" + finding.location().line() + ":" + finding.location().column();
        }

        /** Lines added and removed over all changed files. */
        public UnifiedDiff.Stats stats() {
            UnifiedDiff.Stats stats = UnifiedDiff.Stats.NONE;
            for (Map.Entry<Path, String> e : rewritten.entrySet()) {
                stats = stats.plus(UnifiedDiff.stats(originals.get(e.getKey()).text(), e.getValue()));
            }
            return stats;
        }

        /**
         * This outcome as far as {@code written} reached: only those changed files, and only the applied fixes
         * whose every changed file is one of them (what a summary of the written files may count).
         */
        public Outcome restrictedTo(Set<Path> written) {
            Map<Path, String> kept = new LinkedHashMap<>();
            rewritten.forEach((path, text) -> {
                if (written.contains(path)) {
                    kept.put(path, text);
                }
            });
            List<Applied> reached = applied.stream()
                    .filter(a -> touched(a.fix()).stream().filter(rewritten::containsKey).allMatch(written::contains))
                    .toList();
            return new Outcome(originals, kept, reached, skipped, compilation, javaLevel, highestJavaLevel);
        }

        /** The changed files' new texts after applying only {@code fixes} (a subset of the applied ones). */
        public Map<Path, String> textsWith(List<Fix> fixes) {
            Map<Path, String> texts = new LinkedHashMap<>();
            Patch.apply(originals, fixes).rewritten().forEach((path, text) -> {
                if (!text.equals(originals.get(path).text())) {
                    texts.put(path, text);
                }
            });
            return texts;
        }
    }

    private FixSession() {
    }

    public static Outcome run(Analyzer.Analysis analysis, boolean includeReview, Verifier verifier) {
        return run(analysis, includeReview, verifier, Refactorings.all());
    }

    /**
     * As {@link #run(Analyzer.Analysis, boolean, Verifier)}, offering the findings only to {@code refactorings}.
     * Runs on a large stack ({@link LargeStack}): verification parses and compiles rewritten files as deep as
     * the analysis modelled them.
     */
    public static Outcome run(Analyzer.Analysis analysis, boolean includeReview, Verifier verifier,
                              List<Refactoring> refactorings) {
        return LargeStack.get("fjdoctor-fix", () -> runHere(analysis, includeReview, verifier, refactorings));
    }

    private static Outcome runHere(Analyzer.Analysis analysis, boolean includeReview, Verifier verifier,
                                   List<Refactoring> refactorings) {
        Map<Path, SourceFile> files = new LinkedHashMap<>();
        analysis.files().forEach(f -> files.put(f.path(), f));
        List<Skipped> skipped = new ArrayList<>();
        Map<Fix, Finding> findingOf = new IdentityHashMap<>();
        List<Fix> chosen = new ArrayList<>();
        Map<List<TextEdit>, Fix> byEdits = new HashMap<>();
        Map<Fix, List<Finding>> sameEdits = new IdentityHashMap<>();
        for (Refactorings.Planned planned : Refactorings.plan(analysis, refactorings)) {
            Finding finding = planned.finding();
            Plan plan = planned.plan();
            Fix fix = plan.fixes().stream()
                    .filter(f -> f.safety() == Safety.SAFE || includeReview)
                    .findFirst().orElse(null);
            Fix earlier = fix == null ? null : byEdits.putIfAbsent(fix.edits(), fix);
            if (earlier != null) {
                sameEdits.computeIfAbsent(earlier, k -> new ArrayList<>()).add(finding);
            } else if (fix != null) {
                chosen.add(fix);
                findingOf.put(fix, finding);
            } else if (!plan.fixes().isEmpty()) {
                Fix review = plan.fixes().get(0);
                skipped.add(new Skipped(finding, review, Reason.NEEDS_REVIEW,
                        review.title() + " (REVIEW: " + review.why() + "; apply with --include-review)"));
            } else if (!planned.failures().isEmpty()) {
                skipped.add(new Skipped(finding, null, Reason.INTERNAL_ERROR, planned.failures().get(0)));
            } else {
                skipped.add(new Skipped(finding, null, plan.isManual() ? Reason.MANUAL : Reason.NO_REFACTORING,
                        plan.noFixReason(finding.ruleId())));
            }
        }

        Patch first = Patch.apply(files, chosen);
        for (Fix fix : first.rejected()) {
            String detail = fix.title() + ": its edits overlap another fix's (or fall outside the file) in "
                    + filesOf(fix, files);
            skipped.add(new Skipped(findingOf.get(fix), fix, Reason.OVERLAP, detail));
            sameEdits.getOrDefault(fix, List.of()).forEach(f -> skipped.add(new Skipped(f, fix, Reason.OVERLAP, detail)));
        }
        List<Fix> current = new ArrayList<>(first.applied());
        Map<Path, String> rewritten;
        for (int round = 0; ; round++) {
            Patch patch = Patch.apply(files, current);
            rewritten = changed(patch, files);
            Map<Path, String> failures = verifier.check(rewritten);
            if (failures.isEmpty()) {
                break;
            }
            Set<Fix> dropped = new LinkedHashSet<>();
            for (Fix fix : current) {
                Set<Path> touched = touched(fix);
                touched.retainAll(failures.keySet());
                if (touched.isEmpty()) {
                    continue;
                }
                Path file = touched.iterator().next();
                // First round: find the fixes that fail on their own; later: drop every fix of a failing file.
                String reason = round == 0 ? verifier.check(changed(Patch.apply(files, List.of(fix)), files)).get(file)
                        : failures.get(file) + " together with the other fixes in it";
                if (reason != null) {
                    dropped.add(fix);
                    String detail = fix.title() + ": " + files.get(file).display() + " " + reason;
                    skipped.add(new Skipped(findingOf.get(fix), fix, Reason.VERIFICATION, detail));
                    sameEdits.getOrDefault(fix, List.of())
                            .forEach(f -> skipped.add(new Skipped(f, fix, Reason.VERIFICATION, detail)));
                }
            }
            current.removeAll(dropped);
        }
        List<Applied> applied = new ArrayList<>();
        current.forEach(fix -> applied.add(new Applied(findingOf.get(fix), fix, sameEdits.getOrDefault(fix, List.of()))));
        skipped.sort((a, b) -> a.finding().location().display().compareTo(b.finding().location().display()));
        return new Outcome(files, rewritten, applied, skipped, verifier.compilation(), verifier.javaLevel(),
                verifier.highestJavaLevel());
    }

    /**
     * What an IDE offers, one fix at a time (Ctrl+1): every finding with each of its fixes that passes
     * {@code verifier} applied alone, best first; a finding whose fixes all fail keeps the first failure
     * as its manual reason. The IDE applies the fix the user picks, so the fixes are not combined here.
     */
    public static List<Refactorings.Planned> offers(Analyzer.Analysis analysis, Verifier verifier) {
        return LargeStack.get("fjdoctor-offers", () -> offersHere(analysis, verifier));
    }

    private static List<Refactorings.Planned> offersHere(Analyzer.Analysis analysis, Verifier verifier) {
        Map<Path, SourceFile> files = new LinkedHashMap<>();
        analysis.files().forEach(f -> files.put(f.path(), f));
        List<Refactorings.Planned> offers = new ArrayList<>();
        for (Refactorings.Planned planned : Refactorings.plan(analysis)) {
            List<Fix> verified = new ArrayList<>();
            String failure = null;
            for (Fix fix : planned.plan().fixes()) {
                Patch alone = Patch.apply(files, List.of(fix));
                Map<Path, String> failures = alone.applied().isEmpty() ? Map.of(touched(fix).iterator().next(),
                        "its edits fall outside the file") : verifier.check(changed(alone, files));
                if (failures.isEmpty()) {
                    verified.add(fix);
                } else if (failure == null) {
                    Map.Entry<Path, String> first = failures.entrySet().iterator().next();
                    String where = files.containsKey(first.getKey()) ? files.get(first.getKey()).display() : "";
                    failure = fix.title() + " failed verification: " + where + " " + first.getValue();
                }
            }
            if (failure == null && !planned.failures().isEmpty()) {
                failure = planned.failures().get(0);
            }
            Plan plan = verified.isEmpty() && failure != null ? Plan.manual(failure)
                    : verified.size() == planned.plan().fixes().size() ? planned.plan() : new Plan(verified, null);
            offers.add(new Refactorings.Planned(planned.finding(), plan, planned.failures()));
        }
        return offers;
    }

    private static Map<Path, String> changed(Patch patch, Map<Path, SourceFile> files) {
        Map<Path, String> changed = new LinkedHashMap<>();
        patch.rewritten().forEach((path, text) -> {
            if (!text.equals(files.get(path).text())) {
                changed.put(path, text);
            }
        });
        return changed;
    }

    private static Set<Path> touched(Fix fix) {
        Set<Path> paths = new LinkedHashSet<>();
        for (TextEdit edit : fix.edits()) {
            paths.add(edit.file());
        }
        return paths;
    }

    private static String filesOf(Fix fix, Map<Path, SourceFile> files) {
        return String.join(", ", touched(fix).stream()
                .map(p -> files.containsKey(p) ? files.get(p).display() : p.toString()).toList());
    }
}
