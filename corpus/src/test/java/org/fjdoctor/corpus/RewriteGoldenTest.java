package org.fjdoctor.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Patch;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden before/after pairs: {@code corpus/golden/<rule>/<program>/<File>.java.after} is what fixing the
 * positive program {@code corpus/<rule>/positive/<program>} must produce (files without a golden
 * must not change; the suffix keeps scans of {@code corpus/} from reading the goldens as sources).
 * For each pair the rewritten program must also re-parse, keep every line outside
 * the edits byte-identical, compile, print the same checksum as the original, and give no further
 * fix when fixed again. Programs are fixed as {@code fjdoctor fix} does (the first SAFE fix of every
 * finding); a golden directory holding a file named {@value #REVIEW_MARKER} is fixed as
 * {@code fix --include-review} does (the first fix of every finding), for rules whose rewrites are REVIEW;
 * one holding a file named {@value #JAVA_LEVEL_MARKER} is fixed at the Java level that file gives (a rewrite
 * that only pays on older JDKs, such as the guarded fork of FJ1, is shown at Java 8).
 */
class RewriteGoldenTest {

    static final Path GOLDEN = Path.of("golden");
    static final Path PROGRAMS = Path.of("src/main/java/corpus");
    static final String REVIEW_MARKER = "review";
    static final String JAVA_LEVEL_MARKER = "java-level";

    @TempDir
    Path temp;

    @TestFactory
    Stream<DynamicTest> everyGoldenPairRewritesExactlyAndKeepsTheChecksum() throws IOException {
        List<Path> pairs = new ArrayList<>();
        if (Files.isDirectory(GOLDEN)) {
            try (Stream<Path> rules = Files.list(GOLDEN)) {
                for (Path rule : rules.filter(Files::isDirectory).sorted().toList()) {
                    try (Stream<Path> programs = Files.list(rule)) {
                        programs.filter(Files::isDirectory).sorted().forEach(pairs::add);
                    }
                }
            }
        }
        return pairs.stream().map(golden -> DynamicTest.dynamicTest(GOLDEN.relativize(golden).toString(),
                () -> check(golden)));
    }

    private void check(Path golden) throws Exception {
        String rule = golden.getParent().getFileName().toString();
        String program = golden.getFileName().toString();
        Path source = PROGRAMS.resolve(rule).resolve("positive").resolve(program);
        assertTrue(Files.isDirectory(source), "golden " + golden + " has no program " + source);
        Path root = temp.resolve(rule + "-" + program);
        Path copy = root.resolve("corpus").resolve(rule).resolve("positive").resolve(program);
        copyTree(source, copy);

        boolean includeReview = Files.exists(golden.resolve(REVIEW_MARKER));
        Path levelFile = golden.resolve(JAVA_LEVEL_MARKER);
        int javaLevel = Files.exists(levelFile) ? Integer.parseInt(Files.readString(levelFile).strip())
                : SourceSet.of(List.of(root)).javaLevel();
        Rewrite first = fix(root, includeReview, javaLevel);
        Map<String, String> originals = read(copy);
        try (Stream<Path> goldens = Files.list(golden)) {
            for (Path expected : goldens.toList()) {
                String name = expected.getFileName().toString();
                assertTrue(name.equals(REVIEW_MARKER) || name.equals(JAVA_LEVEL_MARKER) || name.endsWith(".java.after") && originals.containsKey(name.replace(".java.after", ".java")),
                        "golden file without a program file: " + expected);
            }
        }
        for (Map.Entry<String, String> file : originals.entrySet()) {
            Path expectedFile = golden.resolve(file.getKey() + ".after");
            String expected = Files.exists(expectedFile) ? Files.readString(expectedFile, StandardCharsets.UTF_8) : file.getValue();
            String actual = first.patch().rewritten().getOrDefault(copy.resolve(file.getKey()).toAbsolutePath().normalize(),
                    file.getValue());
            assertEquals(expected, actual, "rewritten " + rule + "/" + program + "/" + file.getKey());
        }
        assertFalse(first.patch().rewritten().isEmpty(), "a golden pair whose program gets no "
                + (includeReview ? "fix" : "SAFE fix"));
        for (Map.Entry<Path, String> rewritten : first.patch().rewritten().entrySet()) {
            SourceFile original = first.patch().originals().get(rewritten.getKey());
            assertFalse(SpoonModelBuilder.hasSyntaxError(SourceFile.of(rewritten.getKey(), original.display(),
                    original.rootRelative(), rewritten.getValue(), original.charset(), false), 17), "re-parses");
            assertUntouchedLinesIdentical(original.text(), rewritten.getValue(), first.edits(rewritten.getKey()));
        }

        Path before = temp.resolve(rule + "-" + program + "-before");
        ProgramRunner.compile(copy, before);
        String mainClass = ProgramRunner.mainClass(copy);
        String expectedChecksum = ProgramRunner.checksum(before, mainClass);

        for (Map.Entry<Path, String> rewritten : first.patch().rewritten().entrySet()) {
            Files.writeString(rewritten.getKey(), rewritten.getValue(), StandardCharsets.UTF_8);
        }
        Path after = temp.resolve(rule + "-" + program + "-after");
        ProgramRunner.compile(copy, after);
        assertEquals(expectedChecksum, ProgramRunner.checksum(after, mainClass), "the rewrite changed the output");

        Rewrite again = fix(root, includeReview, javaLevel);
        assertTrue(again.patch().rewritten().isEmpty(), "fixing the rewritten program again changes "
                + again.patch().rewritten().keySet());
    }

    private record Rewrite(Patch patch) {
        List<TextEdit> edits(Path file) {
            return patch.applied().stream().flatMap(f -> f.edits().stream()).filter(e -> e.file().equals(file)).toList();
        }
    }

    /** What {@code fjdoctor fix} does: the first SAFE fix of every finding, or with REVIEW ones the first fix. */
    private static Rewrite fix(Path root, boolean includeReview, int javaLevel) throws IOException {
        Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(root)).withJavaLevel(javaLevel),
                Analyzer.Options.defaults());
        List<Fix> fixes = new ArrayList<>();
        for (Refactorings.Planned planned : Refactorings.plan(analysis)) {
            planned.plan().fixes().stream().filter(f -> includeReview || f.safety() == Safety.SAFE).findFirst()
                    .ifPresent(fixes::add);
        }
        Map<Path, SourceFile> files = new LinkedHashMap<>();
        analysis.files().forEach(f -> files.put(f.path(), f));
        return new Rewrite(Patch.apply(files, fixes));
    }

    /**
     * Every stretch of the original between two edits appears, byte for byte (line terminators
     * included), in the rewritten text, in order.
     */
    private static void assertUntouchedLinesIdentical(String original, String rewritten, List<TextEdit> edits) {
        List<TextEdit> sorted = edits.stream().sorted(Comparator.comparingInt(TextEdit::offset)).toList();
        int from = 0;
        int searchFrom = 0;
        for (int i = 0; i <= sorted.size(); i++) {
            int to = i < sorted.size() ? lineStart(original, sorted.get(i).offset()) : original.length();
            if (to > from) {
                String stretch = original.substring(from, to);
                int found = rewritten.indexOf(stretch, searchFrom);
                assertTrue(found >= 0, "lines outside the edits changed:\n" + stretch);
                searchFrom = found + stretch.length();
            }
            if (i < sorted.size()) {
                from = Math.max(from, lineEnd(original, sorted.get(i).end()));
            }
        }
    }

    private static int lineStart(String text, int offset) {
        int start = offset;
        while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') {
            start--;
        }
        return start;
    }

    private static int lineEnd(String text, int offset) {
        int end = offset;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
            end++;
        }
        if (end < text.length() && text.charAt(end) == '\r') {
            end++;
        }
        if (end < text.length() && text.charAt(end) == '\n') {
            end++;
        }
        return end;
    }

    private static Map<String, String> read(Path dir) throws IOException {
        Map<String, String> texts = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                texts.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        return texts;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()));
            }
        }
    }
}
