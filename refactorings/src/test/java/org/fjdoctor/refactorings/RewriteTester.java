package org.fjdoctor.refactorings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;

/**
 * Before/after tests in the OpenRewrite style: write the {@code before} sources, plan the fixes of one
 * rule, apply those of the wanted safety, and return the rewritten text of every file.
 */
public final class RewriteTester {

    /** What a rewrite did: the new text of every file, and the plans it came from. */
    public record Result(Map<String, String> texts, List<Refactorings.Planned> plans, Patch patch) {
        public String text(String file) {
            return texts.get(file);
        }
    }

    private RewriteTester() {
    }

    /**
     * @param files         relative path to source text
     * @param ruleId        the rule whose findings to fix
     * @param includeReview whether REVIEW fixes are applied too
     */
    public static Result rewrite(Path root, Map<String, String> files, String ruleId, boolean includeReview) {
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = root.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
            Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(root)),
                    Analyzer.Options.defaults().withRules(Rules.select(List.of(ruleId))));
            List<Refactorings.Planned> plans = Refactorings.plan(analysis);
            List<Fix> fixes = new ArrayList<>();
            for (Refactorings.Planned planned : plans) {
                planned.plan().fixes().stream()
                        .filter(f -> includeReview || f.safety() == Safety.SAFE)
                        .findFirst()
                        .ifPresent(fixes::add);
            }
            Map<Path, SourceFile> byPath = new LinkedHashMap<>();
            analysis.files().forEach(f -> byPath.put(f.path(), f));
            Patch patch = Patch.apply(byPath, fixes);
            Map<String, String> texts = new LinkedHashMap<>();
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = root.resolve(file.getKey()).toAbsolutePath().normalize();
                texts.put(file.getKey(), patch.rewritten().getOrDefault(path, file.getValue()));
            }
            return new Result(texts, plans, patch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code text} parses at Java 17 (every applied rewrite must). */
    public static boolean parses(String text) {
        return !SpoonModelBuilder.hasSyntaxError(SourceFile.of(Path.of("Check.java").toAbsolutePath(), "Check.java",
                "Check.java", text, StandardCharsets.UTF_8, false), 17);
    }
}
