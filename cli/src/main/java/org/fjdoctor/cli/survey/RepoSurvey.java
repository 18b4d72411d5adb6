package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.survey.ChildJvm.Outcome;

/**
 * One repository of a survey, start to end: check out, count its fork/join use, scan it in a child JVM,
 * and with --patches write its SAFE fixes as patches. Never throws for the repository's sake: whatever
 * goes wrong becomes the result's failure. Both engines, embedded and Spark, run exactly this.
 */
public final class RepoSurvey implements Serializable {

    private static final long serialVersionUID = 1L;

    private final SurveySettings settings;
    private final ChildJvm jvm;

    /** @param fjdoctorClasspath fjdoctor's runnable jar (or a class path holding fjdoctor) for the child JVMs */
    public RepoSurvey(SurveySettings settings, String java, String fjdoctorClasspath) {
        this.settings = settings;
        this.jvm = new ChildJvm(java, fjdoctorClasspath);
    }

    /** A survey whose child JVMs run the same java and class path as this one. */
    public static RepoSurvey here(SurveySettings settings) {
        ChildJvm current = ChildJvm.current();
        return new RepoSurvey(settings, current.java(), current.classpath());
    }

    /**
     * @param scratch a directory of this repository's own, deleted afterwards
     * @param patches where --patches writes this repository's patches (null without --patches)
     */
    public RepoResult survey(Manifest.Entry entry, Path scratch, Path patches) {
        try {
            return surveyIn(entry, scratch, patches);
        } catch (IOException | RuntimeException e) {
            return RepoResult.failed(entry, null, null, null, 0, "survey failed: " + e);
        } finally {
            deleteTree(scratch);
        }
    }

    private RepoResult surveyIn(Manifest.Entry entry, Path scratchDirectory, Path patches) throws IOException {
        Path scratch = scratchDirectory.toAbsolutePath();
        deleteTree(scratch);
        Checkout.Tree tree;
        try {
            tree = new Checkout(Optional.ofNullable(settings.mirror()).map(Path::of))
                    .checkOut(entry, scratch.resolve("checkout"));
        } catch (Checkout.CheckoutException e) {
            return RepoResult.failed(entry, null, null, null, 0, e.getMessage());
        }
        String revision = tree.revision().orElse(null);
        String build = BuildSystem.of(tree.directory());
        ForkJoinUsage usage = ForkJoinUsage.of(tree.directory());

        Path sarif = scratch.resolve("scan.sarif");
        // A survey counts every repository's findings in main and test code apart, so it asks for test code too.
        List<String> scan = new ArrayList<>(List.of("scan", "--format", "sarif", "--fail-on", "none", "--no-cache",
                "--include-tests", "--quiet", "--output", sarif.toString()));
        scan.addAll(settings.analysisOptions());
        scan.add(tree.directory().toString());
        Outcome outcome = jvm.run(scan, settings.heap(), settings.timeout(), scratch.resolve("scan"));
        String failure = failure(outcome, "scan");
        if (failure == null && !Files.isRegularFile(sarif)) {
            failure = "scan wrote no report: " + outcome.lastError();
        }
        if (failure != null) {
            return RepoResult.failed(entry, revision, build, usage, outcome.millis(), failure);
        }
        SarifDigest digest = SarifDigest.read(sarif);
        Integer patchCount = null;
        String patchFailure = null;
        long safe = digest.rules().values().stream().mapToLong(RuleCounts::safe).sum();
        if (patches != null && revision != null && safe > 0) {
            Files.createDirectories(patches);
            List<String> patch = new ArrayList<>(List.of("patch", "--quiet", "--output", patches.toString()));
            patch.addAll(settings.analysisOptions());
            patch.add(tree.directory().toString());
            Outcome patched = jvm.run(patch, settings.heap(), settings.timeout(), scratch.resolve("patch"));
            patchFailure = failure(patched, "patch");
            patchCount = patchFailure == null ? countPatches(patches) : null;
        } else if (patches != null) {
            patchCount = 0;
        }
        return new RepoResult(entry.name(), entry.location(), entry.commit(), revision, null, build,
                digest.javaLevel(), usage, digest.rules(), digest.problems(), outcome.millis(),
                outcome.peakMemoryBytes(), patchCount, patchFailure);
    }

    /**
     * Why a child run failed, or null when it did its work. An incomplete scan (a rule or model of fjdoctor's
     * failed on part of the repository) wrote its report, whose problems say what went unanalysed: it is counted.
     */
    String failure(Outcome outcome, String what) {
        return switch (outcome.kind()) {
            case TIMED_OUT -> what + " timed out after " + Durations.format(settings.timeout());
            case OUT_OF_MEMORY -> what + " ran out of memory (heap " + settings.heap() + ")";
            case EXITED -> outcome.exit() == 0 || outcome.exit() == ExitCodes.INCOMPLETE ? null
                    : outcome.exit() == 2 && outcome.lastError().contains("nothing to analyze") ? "no Java files to scan"
                    : what + " failed (exit " + outcome.exit() + "): " + outcome.lastError();
        };
    }

    private static int countPatches(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return (int) files.filter(p -> p.getFileName().toString().endsWith(".patch")).count();
        }
    }

    static void deleteTree(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                p.toFile().setWritable(true);
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // scratch space: what cannot be removed stays
        }
    }
}
