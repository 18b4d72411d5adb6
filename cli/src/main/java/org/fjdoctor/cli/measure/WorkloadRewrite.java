package org.fjdoctor.cli.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.refactorings.pipeline.Verifier;

/**
 * Produces the rewritten version of a workload with the rewrite engine itself, at measure time: the
 * program is copied into {@code before/} below its package path, analyzed, and fixed like
 * {@code fjdoctor fix --include-review} (per finding the first fix of its plan, SAFE or REVIEW), and the
 * result written to {@code after/}.
 *
 * @param changes each applied fix as {@code <safety> <rule-id>: <title>}
 * @param rules   the rule ids of the applied fixes
 */
record WorkloadRewrite(Path before, Path after, List<String> changes, List<String> rules) {

    static WorkloadRewrite of(Workload workload, Path workDir) throws IOException {
        Path before = workDir.resolve("before");
        Path packageDir = before.resolve(workload.packageName().replace('.', '/'));
        copy(workload.dir(), packageDir);
        // The same resolution as every other front end, with no settings file: a workload is fjdoctor's own
        // program, measured with every rule.
        Settings settings = SettingsResolver.resolve(SettingsResolver.Explicit.none(), Config.none());
        Analyzer.Analysis analysis = new Analyzer().analyze(settings.applyTo(SourceSet.of(List.of(before))),
                settings.applyTo(Analyzer.Options.defaults()));
        // Parse-only verification: the programs are compiled right after, with their checksums compared at run time.
        FixSession.Outcome outcome = FixSession.run(analysis, true,
                new Verifier(analysis.files(), List.of(), analysis.javaLevels(), null));
        Path after = workDir.resolve("after");
        copy(packageDir, after.resolve(workload.packageName().replace('.', '/')));
        for (Map.Entry<Path, String> file : outcome.rewritten().entrySet()) {
            Path target = after.resolve(before.toAbsolutePath().normalize().relativize(file.getKey().toAbsolutePath().normalize()));
            Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
        }
        List<String> changes = new ArrayList<>();
        TreeSet<String> rules = new TreeSet<>();
        for (FixSession.Applied applied : outcome.applied()) {
            changes.add(applied.fix().safety() + " " + applied.finding().ruleId() + ": " + applied.fix().title());
            rules.add(applied.finding().ruleId());
        }
        return new WorkloadRewrite(before, after, changes, List.copyOf(rules));
    }

    boolean changedAnything() {
        return !changes.isEmpty();
    }

    /** The program's own files only (not subdirectories, which are other programs). */
    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
