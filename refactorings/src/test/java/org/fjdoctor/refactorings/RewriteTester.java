package org.fjdoctor.refactorings;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Rule;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.refactorings.pipeline.Refactorings;

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

    private final Refactoring refactoring;
    private final Map<String, String> before = new LinkedHashMap<>();
    private final Map<String, String> after = new LinkedHashMap<>();
    private Safety safety = Safety.SAFE;
    private final List<String> whyContains = new ArrayList<>();

    private RewriteTester(Refactoring refactoring) {
        this.refactoring = refactoring;
    }

    /**
     * One refactoring, selected by class, in the style of OpenRewrite's {@code rewriteRun(java(before,
     * after))}: {@link #check()} analyzes the {@code before} sources with the refactoring's rule, applies
     * the refactoring's fixes of the expected safety (and only its fixes), and fails unless every file
     * reads exactly as {@code after}, every line outside the edits is unchanged, the result parses, and a
     * second run on {@code after} finds nothing more for this refactoring to do.
     */
    public static RewriteTester of(Class<? extends Refactoring> refactoringClass) {
        try {
            return new RewriteTester(refactoringClass.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(refactoringClass.getName() + " needs a no-argument constructor", e);
        }
    }

    /** A source file as it is before the rewrite. */
    public RewriteTester before(String relativePath, String text) {
        before.put(relativePath, text);
        return this;
    }

    /** The same file as the rewrite must leave it (files without an {@code after} must stay unchanged). */
    public RewriteTester after(String relativePath, String text) {
        if (!before.containsKey(relativePath)) {
            throw new IllegalArgumentException("after(" + relativePath + ") without before(" + relativePath + ")");
        }
        after.put(relativePath, text);
        return this;
    }

    /** The safety every applied fix must have; {@link Safety#SAFE} unless told. */
    public RewriteTester safety(Safety expected) {
        safety = expected;
        return this;
    }

    /** Also checks that every applied fix's reason says {@code text} (what a reviewer must be told). */
    public RewriteTester why(String text) {
        whyContains.add(text);
        return this;
    }

    /** Runs the refactoring and checks the result; see {@link #of}. */
    public void check() {
        Path root = temporaryRoot();
        Result first = run(root.resolve("before"), before);
        List<String> problems = new ArrayList<>();
        for (Fix fix : first.patch().applied()) {
            if (fix.safety() != safety) {
                problems.add("fix '" + fix.title() + "' is " + fix.safety() + ", expected " + safety + " (" + fix.why() + ")");
            }
            whyContains.stream().filter(text -> !fix.why().contains(text)).forEach(text ->
                    problems.add("fix '" + fix.title() + "' does not say '" + text + "': " + fix.why()));
        }
        for (Map.Entry<String, String> file : before.entrySet()) {
            String expected = after.getOrDefault(file.getKey(), file.getValue());
            String actual = first.text(file.getKey());
            if (!expected.equals(actual)) {
                problems.add(file.getKey() + " differs:\n--- expected\n" + expected + "\n--- actual\n" + actual);
            } else if (!parses(actual)) {
                problems.add(file.getKey() + " does not parse after the rewrite");
            }
        }
        problems.addAll(LinesOutsideEdits.changed(first.patch()));
        if (problems.isEmpty() && !first.patch().applied().isEmpty()) {
            Map<String, String> rewritten = new LinkedHashMap<>(before);
            rewritten.putAll(after);
            Result second = run(root.resolve("again"), rewritten);
            second.patch().applied().forEach(fix -> problems.add("not idempotent: a second run applies '"
                    + fix.title() + "'"));
        }
        if (!problems.isEmpty()) {
            fail(refactoring.getClass().getSimpleName() + ":\n" + String.join("\n", problems));
        }
    }

    /**
     * {@code text} with the one occurrence of {@code target} replaced: a test fixture derived from
     * another by a replacement that no longer matches fails instead of silently testing the original.
     */
    public static String replaceOnce(String text, String target, String replacement) {
        int at = text.indexOf(target);
        if (at < 0 || text.indexOf(target, at + 1) >= 0) {
            fail("expected exactly one '" + target + "' in the fixture, found " + (at < 0 ? "none" : "several"));
        }
        return text.substring(0, at) + replacement + text.substring(at + target.length());
    }

    private Result run(Path root, Map<String, String> files) {
        write(root, files);
        try {
            Rule rule = Rules.select(List.of(refactoring.ruleId())).get(0);
            Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(root)),
                    Analyzer.Options.defaults().withRules(List.of(rule)));
            List<Refactorings.Planned> plans = Refactorings.plan(analysis, List.of(refactoring));
            List<Fix> fixes = new ArrayList<>();
            for (Refactorings.Planned planned : plans) {
                planned.plan().fixes().stream()
                        .filter(f -> safety == Safety.REVIEW || f.safety() == Safety.SAFE)
                        .findFirst()
                        .ifPresent(fixes::add);
            }
            return result(root, files, analysis, plans, fixes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Roots made for tests, deleted with their files when the test JVM exits (deleteOnExit skips a full folder). */
    private static final List<Path> TEMPORARY_ROOTS = new CopyOnWriteArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> TEMPORARY_ROOTS.forEach(RewriteTester::deleteTree)));
    }

    private static Path temporaryRoot() {
        try {
            Path root = Files.createTempDirectory("rewrite-tester");
            TEMPORARY_ROOTS.add(root);
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A folder left in the temporary directory is no reason to fail the build.
        }
    }

    /**
     * @param files         relative path to source text
     * @param ruleId        the rule whose findings to fix
     * @param includeReview whether REVIEW fixes are applied too
     */
    public static Result rewrite(Path root, Map<String, String> files, String ruleId, boolean includeReview) {
        return rewrite(root, files, ruleId, includeReview, SourceSet.of(List.of(root)).javaLevel());
    }

    /** {@link #rewrite(Path, Map, String, boolean)} for sources at Java level {@code javaLevel}. */
    public static Result rewrite(Path root, Map<String, String> files, String ruleId, boolean includeReview,
                                 int javaLevel) {
        write(root, files);
        try {
            Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(root)).withJavaLevel(javaLevel),
                    Analyzer.Options.defaults().withRules(Rules.select(List.of(ruleId))));
            List<Refactorings.Planned> plans = Refactorings.plan(analysis);
            List<Fix> fixes = new ArrayList<>();
            for (Refactorings.Planned planned : plans) {
                planned.plan().fixes().stream()
                        .filter(f -> includeReview || f.safety() == Safety.SAFE)
                        .findFirst()
                        .ifPresent(fixes::add);
            }
            return result(root, files, analysis, plans, fixes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Result result(Path root, Map<String, String> files, Analyzer.Analysis analysis,
                                 List<Refactorings.Planned> plans, List<Fix> fixes) {
        Map<Path, SourceFile> byPath = new LinkedHashMap<>();
        analysis.files().forEach(f -> byPath.put(f.path(), f));
        Patch patch = Patch.apply(byPath, fixes);
        Map<String, String> texts = new LinkedHashMap<>();
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = root.resolve(file.getKey()).toAbsolutePath().normalize();
            texts.put(file.getKey(), patch.rewritten().getOrDefault(path, file.getValue()));
        }
        return new Result(texts, plans, patch);
    }

    private static void write(Path root, Map<String, String> files) {
        try {
            for (Map.Entry<String, String> file : files.entrySet()) {
                Path path = root.resolve(file.getKey());
                Files.createDirectories(path.getParent());
                Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            }
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
