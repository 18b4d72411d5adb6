package org.fjdoctor.analyzer;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * One rule on inline sources, as Error Prone's {@code CompilationTestHelper} runs one checker: each
 * expected finding is marked on its line with {@code // expect: <rule-id>}, optionally followed by a
 * quoted message fragment ({@code // expect: join-order "joined in fork order"}). {@link #check()} runs
 * the rule in both analysis modes and fails on any missing or extra finding, or a message without its
 * fragment.
 *
 * <pre>{@code
 * RuleTester.of(ForkThenJoinRule.class)
 *         .source("p/Sum.java", """
 *                 ...
 *                     left.fork(); // expect: fork-then-join
 *                 ...
 *                 """)
 *         .check();
 * }</pre>
 */
public final class RuleTester {

    private static final Pattern MARKER = Pattern.compile("//\\s*expect:\\s*([a-z0-9\\-]+)(?:\\s+\"([^\"]*)\")?");

    private final Rule rule;
    private final Map<String, String> sources = new LinkedHashMap<>();
    private boolean includeTests;

    private RuleTester(Rule rule) {
        this.rule = rule;
    }

    public static RuleTester of(Class<? extends Rule> ruleClass) {
        try {
            return new RuleTester(ruleClass.getDeclaredConstructor().newInstance());
        } catch (InstantiationException | IllegalAccessException | NoSuchMethodException
                 | InvocationTargetException e) {
            throw new IllegalArgumentException(ruleClass.getName() + " needs a public no-argument constructor", e);
        }
    }

    /** Adds a source file at {@code relativePath} (e.g. {@code p/Sum.java}). */
    public RuleTester source(String relativePath, String text) {
        if (sources.put(relativePath, text) != null) {
            throw new IllegalArgumentException("source " + relativePath + " given twice");
        }
        return this;
    }

    /** Reports findings in test code too, as {@code --include-tests} does (by default they are not reported). */
    public RuleTester includingTests() {
        includeTests = true;
        return this;
    }

    /** Runs the rule in focused and full mode and compares its findings with the markers. */
    public void check() {
        if (sources.isEmpty()) {
            throw new IllegalStateException("no sources given");
        }
        List<Expected> expected = expectations();
        List<String> problems = new ArrayList<>();
        for (Analyzer.Mode mode : Analyzer.Mode.values()) {
            problems.addAll(compare(mode, expected, scan(mode)));
        }
        if (!problems.isEmpty()) {
            fail(rule.info().id() + " on the given sources:\n  " + String.join("\n  ", problems));
        }
    }

    private record Expected(String file, int line, String ruleId, String fragment) {
        String where() {
            return file + ":" + line;
        }
    }

    private List<Expected> expectations() {
        List<Expected> expected = new ArrayList<>();
        sources.forEach((file, text) -> {
            String[] lines = text.split("\r\n|\r|\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher marker = MARKER.matcher(lines[i]);
                if (marker.find()) {
                    if (!marker.group(1).equals(rule.info().id())) {
                        throw new IllegalArgumentException(file + ":" + (i + 1) + " expects " + marker.group(1)
                                + " but this tester runs " + rule.info().id());
                    }
                    expected.add(new Expected(file, i + 1, marker.group(1), marker.group(2)));
                }
            }
        });
        return expected;
    }

    /** A finding with its file relative to the temporary root, as the sources were named. */
    private record Found(String file, Finding finding) {
    }

    private List<String> compare(Analyzer.Mode mode, List<Expected> expected, List<Found> findings) {
        List<String> problems = new ArrayList<>();
        List<Found> unmatched = new ArrayList<>(findings);
        for (Expected e : expected) {
            Found hit = unmatched.stream()
                    .filter(f -> f.file().equals(e.file()) && f.finding().location().line() == e.line())
                    .findFirst().orElse(null);
            if (hit == null) {
                problems.add(mode + ": missing " + e.ruleId() + " at " + e.where());
                continue;
            }
            unmatched.remove(hit);
            String message = hit.finding().message();
            if (e.fragment() != null && !message.contains(e.fragment())) {
                problems.add(mode + ": the finding at " + e.where() + " lacks \"" + e.fragment() + "\": " + message);
            }
        }
        for (Found extra : unmatched) {
            problems.add(mode + ": unexpected " + extra.finding().ruleId() + " at " + extra.file() + ":"
                    + extra.finding().location().line() + ": " + extra.finding().message());
        }
        return problems;
    }

    private List<Found> scan(Analyzer.Mode mode) {
        Path root = null;
        try {
            root = Files.createTempDirectory("rule-tester");
            for (Map.Entry<String, String> source : sources.entrySet()) {
                TestTrees.write(root, source.getKey(), source.getValue());
            }
            ScanResult result = new Analyzer().scan(SourceSet.of(List.of(root)),
                    Analyzer.Options.defaults().withRules(List.of(rule)).withMode(mode).withTests(includeTests));
            List<String> broken = result.problems().stream()
                    .filter(p -> p.kind() == FileProblem.Kind.SYNTAX_ERROR).map(FileProblem::message).toList();
            if (!broken.isEmpty()) {
                throw new IllegalArgumentException("test sources do not parse: " + broken);
            }
            Path base = root.toAbsolutePath().normalize();
            return result.findings().stream()
                    .map(f -> new Found(base.relativize(f.location().file().toAbsolutePath().normalize()).toString()
                            .replace('\\', '/'), f))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            delete(root);
        }
    }

    private static void delete(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
