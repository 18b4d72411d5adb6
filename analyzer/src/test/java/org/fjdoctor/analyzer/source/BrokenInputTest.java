package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Analyzer.Mode;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The "bad input survives" guarantee: every file in {@code corpus/broken} (plus the cases that are
 * made at test time: a very long file, a file over the size limit, an unreadable file, a broken
 * symlink, a FIFO, a BOM file and a CRLF file) is either scanned or reported as a {@link FileProblem}
 * of the right kind; nothing throws, and the good file next to them is still analyzed.
 */
class BrokenInputTest {

    private static final String COPY_ON_FORK = "copy-on-fork";

    /** A task that hands copies to its subtasks: the copy-on-fork rule must report line {@link #GOOD_LINE}. */
    static final String GOOD = """
            package broken;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public class Good extends RecursiveTask<Long> {
                private final long[] data;

                Good(long[] data) {
                    this.data = data;
                }

                @Override
                protected Long compute() {
                    if (data.length <= 1_000) {
                        return Arrays.stream(data).sum();
                    }
                    int mid = data.length / 2;
                    Good left = new Good(Arrays.copyOfRange(data, 0, mid));
                    Good right = new Good(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;
    static final int GOOD_LINE = 19;

    /** {@link #GOOD} with the class renamed, for more files of the same shape. */
    static String good(String className) {
        return GOOD.replace("Good", className);
    }

    @TempDir
    Path dir;

    private final Analyzer analyzer = new Analyzer();

    @BeforeEach
    void copyCorpusAndAddGoodFile() throws IOException {
        copyCorpus(dir);
        Files.writeString(dir.resolve("Good.java"), GOOD);
    }

    // ---------------------------------------------------------------- one test per kind

    @ParameterizedTest
    @EnumSource(Mode.class)
    void syntaxErrorInForkJoinFileIsReportedInBothModesAndLeftOut(Mode mode) throws IOException {
        ScanResult result = scan(mode);

        FileProblem problem = problem(result, "SyntaxError.java");
        assertEquals(Kind.SYNTAX_ERROR, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().contains("does not parse"), problem.message());
        assertTrue(problem.message().matches(".*line \\d+.*"), "the message names the line: " + problem.message());
        assertTrue(findingsIn(result, "SyntaxError.java").isEmpty());
        assertGoodFileAnalyzed(result);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void syntaxErrorOnlyInsideAMethodBodyIsReportedWithItsLine(Mode mode) throws IOException {
        // Braces balance here, so only a full parse of the body finds the error; Java 17 syntax above
        // it (record, text block, switch expression) must not be mistaken for the error.
        Files.writeString(dir.resolve("BodyOnly.java"), """
                package broken;

                import java.util.concurrent.RecursiveAction;

                record Range(int from, int to) {
                }

                class BodyOnly extends RecursiveAction {
                    static final String HELP = \"""
                            splits a range
                            \""";

                    @Override
                    protected void compute() {
                        int kind = switch (HELP.length()) {
                            case 0 -> 0;
                            default -> 1;
                        };
                        int half = ;
                        new BodyOnly().fork();
                    }
                }
                """);
        Files.writeString(dir.resolve("OnlyComments.java"), "// moved to Other.java\n/* nothing left */\n");
        // A second broken file: each dropped file is parsed again for its message, and every one is reported.
        Files.writeString(dir.resolve("Unclosed.java"), "package broken;\n\nclass Unclosed {\n    void m() {\n");
        ScanResult result = scan(mode);

        FileProblem problem = problem(result, "BodyOnly.java");
        assertEquals(Kind.SYNTAX_ERROR, problem.kind());
        assertTrue(problem.message().contains("line 19:"), problem.message());
        assertEquals(Kind.SYNTAX_ERROR, problem(result, "Unclosed.java").kind());
        assertTrue(problem(result, "Unclosed.java").message().contains("line 4:"), problem(result, "Unclosed.java").message());
        assertEquals(Kind.SYNTAX_ERROR, problem(result, "SyntaxError.java").kind());
        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("OnlyComments.java")),
                "a file with only comments is valid Java: " + describeProblems(result));
        assertGoodFileAnalyzed(result);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aStringTemplateIsNamedInTheProblem(Mode mode) throws IOException {
        // JDT reads "\{" as an invalid escape at every level: the message says what the code is instead.
        Files.writeString(dir.resolve("Template.java"), """
                package broken;

                import java.util.List;

                class Template {
                    static long count(List<String> names) {
                        return names.parallelStream().map(n -> STR."'\\{n}'").count();
                    }
                }
                """);
        ScanResult result = scan(mode);

        FileProblem problem = problem(result, "Template.java");
        assertEquals(Kind.SYNTAX_ERROR, problem.kind());
        assertTrue(problem.message().contains("line 7:") && problem.message().contains("string template"),
                problem.message());
        assertFalse(problem(result, "SyntaxError.java").message().contains("string template"),
                problem(result, "SyntaxError.java").message());
        assertGoodFileAnalyzed(result);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void severalFilesWithErrorsInsideMethodBodiesAreAllReportedAndNoneIsAnalyzed(Mode mode) throws IOException {
        // Spoon's own pre-parse drops some of these and keeps others (built from JDT's error
        // recovery); each must be reported, and none may produce a finding from recovered code.
        List<String> broken = List.of("BrokenA", "BrokenB", "BrokenC", "BrokenD", "BrokenE");
        for (String name : broken) {
            Files.writeString(dir.resolve(name + ".java"), good(name)
                    .replace("return Arrays.stream(data).sum();", "return Arrays.stream(data).sum() + ;"));
        }
        ScanResult result = scan(mode);

        for (String name : broken) {
            FileProblem problem = problem(result, name + ".java");
            assertEquals(Kind.SYNTAX_ERROR, problem.kind(), name);
            assertTrue(problem.message().contains("line 16:"), problem.message());
            assertTrue(findingsIn(result, name + ".java").isEmpty(), describe(result.findings()));
        }
        assertGoodFileAnalyzed(result);
        assertEquals(2, findingsIn(result, "Good.java").size(), describe(result.findings()));
    }

    @Test
    void zeroByteAndWhitespaceOnlyFilesAreEmpty() throws IOException {
        Files.writeString(dir.resolve("Blank.java"), " \n\t\r\n  \n");
        ScanResult result = scan(Mode.FULL);

        for (String name : List.of("Empty.java", "Blank.java")) {
            FileProblem problem = problem(result, name);
            assertEquals(Kind.EMPTY, problem.kind(), name);
            assertFalse(problem.scanned());
            assertTrue(problem.message().contains("empty"), problem.message());
        }
        assertGoodFileAnalyzed(result);
    }

    @Test
    void fileWithNulBytesIsBinary() throws IOException {
        ScanResult result = scan(Mode.FULL);

        FileProblem problem = problem(result, "Binary.java");
        assertEquals(Kind.BINARY, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().contains("binary"), problem.message());
        assertGoodFileAnalyzed(result);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void latin1FileIsReportedAsEncodingButStillAnalyzed(Mode mode) throws IOException {
        ScanResult result = scan(mode);

        FileProblem problem = problem(result, "Latin1.java");
        assertEquals(Kind.ENCODING, problem.kind());
        assertTrue(problem.scanned(), "a Latin-1 fallback still takes part in the analysis");
        assertTrue(problem.message().contains("UTF-8") && problem.message().contains("ISO-8859-1"), problem.message());
        int line = lineOf(dir.resolve("Latin1.java"), StandardCharsets.ISO_8859_1, "copyOfRange(data, 0, mid)");
        assertTrue(findingsIn(result, "Latin1.java").stream()
                        .anyMatch(f -> f.ruleId().equals(COPY_ON_FORK) && f.location().line() == line),
                "copy-on-fork at Latin1.java:" + line + " in " + describe(result.findings()));
        assertGoodFileAnalyzed(result);
    }

    @Test
    void latin1FileScansCleanlyWhenTheEncodingIsGiven() throws IOException {
        ScanResult result = analyzer.scan(SourceSet.of(List.of(dir)).withEncoding(StandardCharsets.ISO_8859_1),
                Analyzer.Options.defaults().withMode(Mode.FULL));

        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("Latin1.java")), describeProblems(result));
        assertFalse(findingsIn(result, "Latin1.java").isEmpty());
    }

    @Test
    void symlinkLoopIsReportedOnceAndProducesNoDuplicateFiles() throws IOException {
        assumeSymlinks();
        ScanResult result = scan(Mode.FULL);

        List<FileProblem> loops = result.problems().stream().filter(p -> p.kind() == Kind.SYMLINK_LOOP).toList();
        assertEquals(1, loops.size(), describeProblems(result));
        assertEquals("loop", name(loops.get(0)));
        assertFalse(loops.get(0).scanned());
        assertTrue(loops.get(0).message().contains("symbolic link loop"), loops.get(0).message());
        // Nothing was read through the loop: each file is reported or scanned once, under its own name.
        assertTrue(result.problems().stream().noneMatch(p -> p.relativePath().contains("loop/")), describeProblems(result));
        assertEquals(2, findingsIn(result, "Good.java").size(), describe(result.findings()));
        assertGoodFileAnalyzed(result);
    }

    @Test
    void walkFileTreeFollowingLinksSeesTheLoopAsFileSystemLoopException() throws IOException {
        assumeSymlinks();
        // What SourceCollector relies on: with FOLLOW_LINKS the JDK stops at a link back to an
        // ancestor and hands visitFileFailed a FileSystemLoopException instead of recursing.
        Files.createDirectories(dir.resolve("sub/deeper"));
        Files.createSymbolicLink(dir.resolve("sub/deeper/up"), Path.of("../.."));
        List<Path> loops = new ArrayList<>();
        List<Path> visited = new ArrayList<>();
        Files.walkFileTree(dir, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                visited.add(dir.relativize(file));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                if (e instanceof FileSystemLoopException) {
                    loops.add(dir.relativize(file));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        assertEquals(List.of(Path.of("loop"), Path.of("sub/deeper/up")),
                loops.stream().sorted().toList());
        assertEquals(visited.size(), visited.stream().distinct().count(), "no file visited twice: " + visited);

        ScanResult result = scan(Mode.FULL);
        assertEquals(List.of("loop", "sub/deeper/up"), result.problems().stream()
                .filter(p -> p.kind() == Kind.SYMLINK_LOOP)
                .map(p -> dir.relativize(p.file()).toString().replace('\\', '/')).sorted().toList());
    }

    @Test
    void directoryReachedTwiceThroughLinksIsScannedOnce() throws IOException {
        assumeSymlinks();
        Path real = Files.createDirectories(dir.resolve("real"));
        Files.writeString(real.resolve("Good.java"), GOOD.replace("package broken;", "package broken.real;"));
        Files.createSymbolicLink(dir.resolve("alias"), Path.of("real"));
        ScanResult result = analyzer.scan(SourceSet.of(List.of(dir, real)), Analyzer.Options.defaults().withMode(Mode.FULL));

        long copies = result.findings().stream()
                .filter(f -> f.location().file().toString().endsWith("Good.java") && f.member().startsWith("broken.real."))
                .count();
        assertEquals(2, copies, "real/Good.java reached through real/, alias/ and a second root, analyzed once: "
                + describe(result.findings()));
    }

    @Test
    void symlinkOutOfTheRootsIsNotFollowed() throws IOException {
        assumeSymlinks();
        Path inside = Files.createDirectories(dir.resolve("inside"));
        Path outside = Files.createDirectories(dir.resolve("outside/pkg"));
        Files.writeString(outside.resolve("Secret.java"), good("Secret"));
        Files.writeString(inside.resolve("Good.java"), GOOD);
        Files.createSymbolicLink(inside.resolve("linkedDir"), Path.of("../outside"));
        Files.createSymbolicLink(inside.resolve("Linked.java"), Path.of("../outside/pkg/Secret.java"));
        Files.createDirectories(inside.resolve("own"));
        Files.createSymbolicLink(inside.resolve("own/Alias.java"), Path.of("../Good.java"));
        ScanResult result = analyzer.scan(SourceSet.of(List.of(inside)), Analyzer.Options.defaults().withMode(Mode.FULL));

        List<String> outsideLinks = result.problems().stream().filter(p -> p.kind() == Kind.SYMLINK_OUTSIDE)
                .map(FileProblem::relativePath).sorted().toList();
        assertEquals(List.of(inside + "/Linked.java", inside + "/linkedDir"), outsideLinks);
        assertEquals(1, result.files(), "Good.java once (its alias inside the root is the same file)");
    }

    @Test
    void danglingSymlinkIsUnreadable() throws IOException {
        assumeSymlinks();
        // Unlike chmod 000 this is unreadable for root too, so UNREADABLE is always exercised.
        Files.createSymbolicLink(dir.resolve("Dangling.java"), Path.of("missing"));
        ScanResult result = scan(Mode.FULL);

        FileProblem problem = problem(result, "Dangling.java");
        assertEquals(Kind.UNREADABLE, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().contains("broken symbolic link"), problem.message());
        assertGoodFileAnalyzed(result);
    }

    @Test
    void fileWithoutReadPermissionIsUnreadableUnlessRunningAsRoot() throws IOException {
        Path locked = writeLocked(dir);
        ScanResult result = scan(Mode.FULL);

        if (Files.isReadable(locked)) {
            // Running as root (as in many containers): permissions do not stop reads, so the file is
            // scanned like any other. UNREADABLE is covered by danglingSymlinkIsUnreadable.
            assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("Locked.java")), describeProblems(result));
            assertFalse(findingsIn(result, "Locked.java").isEmpty(), "root reads Locked.java and analyzes it");
        } else {
            FileProblem problem = problem(result, "Locked.java");
            assertEquals(Kind.UNREADABLE, problem.kind());
            assertFalse(problem.scanned());
            assertTrue(problem.message().contains("permission denied"), problem.message());
            assertTrue(findingsIn(result, "Locked.java").isEmpty());
        }
        assertGoodFileAnalyzed(result);
    }

    @Test
    void fileWhoseReadFailsIsUnreadableEvenForRoot() throws IOException {
        // Linux: /proc/self/mem is a regular file that anyone may open, but reading it at offset 0
        // fails with EIO. It exercises the read-error path, which permissions cannot when running as root.
        Path mem = Path.of("/proc/self/mem");
        assumeTrue(Files.isRegularFile(mem) && Files.isReadable(mem), "needs Linux /proc");
        Path link = Files.createSymbolicLink(dir.resolve("Mem.java"), mem);
        ScanResult result;
        try {
            // mem is a root too: a link that leads out of every root is not read at all (symlinkOutOfTheRoots..)
            result = analyzer.scan(SourceSet.of(List.of(dir, mem)), Analyzer.Options.defaults().withMode(Mode.FULL));
        } finally {
            Files.delete(link); // before @TempDir cleanup, which warns about links leaving the temp dir
        }

        FileProblem problem = problem(result, "Mem.java");
        assertEquals(Kind.UNREADABLE, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().startsWith("cannot read: "), problem.message());
        assertGoodFileAnalyzed(result);
    }

    @Test
    void fileOverTheSizeLimitIsTooLargeAndOneAtTheLimitIsScanned() throws IOException {
        long limit = 4096;
        Files.writeString(dir.resolve("AtLimit.java"), padded(good("AtLimit"), limit));
        Files.writeString(dir.resolve("TooLarge.java"), padded(good("TooLarge"), limit + 1));
        ScanResult result = analyzer.scan(SourceSet.of(List.of(dir)).withMaxFileSize(limit),
                Analyzer.Options.defaults().withMode(Mode.FULL));

        FileProblem problem = problem(result, "TooLarge.java");
        assertEquals(Kind.TOO_LARGE, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().contains("4,097 bytes") && problem.message().contains("4,096"), problem.message());
        assertTrue(problem.message().contains("--max-file-size"), problem.message());
        assertTrue(findingsIn(result, "TooLarge.java").isEmpty());
        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("AtLimit.java")), describeProblems(result));
        assertEquals(2, findingsIn(result, "AtLimit.java").size(), describe(result.findings()));
        assertGoodFileAnalyzed(result);
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fifoIsNotARegularFileAndDoesNotHang() throws Exception {
        makeFifo(dir.resolve("Pipe.java"));
        ScanResult result = scan(Mode.FULL);

        FileProblem problem = problem(result, "Pipe.java");
        assertEquals(Kind.NOT_REGULAR_FILE, problem.kind());
        assertFalse(problem.scanned());
        assertTrue(problem.message().contains("not a regular file"), problem.message());
        assertGoodFileAnalyzed(result);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void veryLongFileIsScannedWithoutProblems(Mode mode) throws IOException {
        Path longFile = writeLongFile(dir, 60_000);
        ScanResult result = scan(mode);

        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("LongFile.java")), describeProblems(result));
        int line = lineOf(longFile, StandardCharsets.UTF_8, "copyOfRange(data, 0, mid)");
        assertTrue(line > 59_000, "the task is at the end of the file, line " + line);
        assertTrue(findingsIn(result, "LongFile.java").stream().anyMatch(f -> f.location().line() == line),
                "copy-on-fork at LongFile.java:" + line + " in " + describe(result.findings()));
        assertGoodFileAnalyzed(result);
    }

    @Test
    void utf8FileWithByteOrderMarkIsScannedWithoutProblems() throws IOException {
        byte[] text = good("Bom")
                .replace("public class", "/** Gr\u00fc\u00dfe. */\npublic class").getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[text.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(text, 0, bytes, 3, text.length);
        Files.write(dir.resolve("Bom.java"), bytes);
        ScanResult result = scan(Mode.FULL);

        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("Bom.java")), describeProblems(result));
        List<Finding> findings = findingsIn(result, "Bom.java");
        assertEquals(2, findings.size(), describe(result.findings()));
        Finding first = findings.get(0);
        // The BOM is not part of the text: line, column and offsets point at the copy itself.
        assertEquals(GOOD_LINE + 1, first.location().line());
        String decoded = new String(text, StandardCharsets.UTF_8);
        assertEquals("Arrays.copyOfRange(data, 0, mid)",
                decoded.substring(first.location().startOffset(), first.location().endOffset()));
        assertEquals(decoded.lines().toList().get(GOOD_LINE).indexOf("Arrays.copyOfRange") + 1, first.location().column());
    }

    @Test
    void utf16FileWithByteOrderMarkIsScannedNotCalledBinary() throws IOException {
        String text = good("Wide");
        Files.write(dir.resolve("Wide.java"), concat(new byte[] {(byte) 0xFF, (byte) 0xFE},
                text.getBytes(StandardCharsets.UTF_16LE)));
        ScanResult result = scan(Mode.FULL);

        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("Wide.java")), describeProblems(result));
        assertEquals(List.of(GOOD_LINE, GOOD_LINE + 1),
                findingsIn(result, "Wide.java").stream().map(f -> f.location().line()).toList());
    }

    @Test
    void crlfFileIsScannedWithoutProblemsAndLinesAreRight() throws IOException {
        String crlf = good("Crlf").replace("\n", "\r\n");
        Files.writeString(dir.resolve("Crlf.java"), crlf);
        ScanResult result = scan(Mode.FULL);

        assertTrue(result.problems().stream().noneMatch(p -> name(p).equals("Crlf.java")), describeProblems(result));
        List<Finding> findings = findingsIn(result, "Crlf.java");
        assertEquals(List.of(GOOD_LINE, GOOD_LINE + 1), findings.stream().map(f -> f.location().line()).toList());
        String line = crlf.split("\r\n")[GOOD_LINE - 1];
        assertEquals(line.indexOf("Arrays.copyOfRange") + 1, findings.get(0).location().column());
        assertEquals("Arrays.copyOfRange(data, 0, mid)",
                crlf.substring(findings.get(0).location().startOffset(), findings.get(0).location().endOffset()));
    }

    // ---------------------------------------------------------------- everything at once

    @ParameterizedTest
    @EnumSource(Mode.class)
    void wholeBrokenSetScansInOneGoWithEveryProblemListed(Mode mode) throws Exception {
        boolean posix = supportsPosix();
        writeLongFile(dir, 60_000);
        // Between the long file (about 1.2 MB) and TooLarge.java: the long file is scanned, this one is not.
        long limit = 2L * 1024 * 1024;
        Files.writeString(dir.resolve("TooLarge.java"), padded("package broken;\n\nclass TooLarge {\n}\n", limit + 1));
        Path locked = posix ? writeLocked(dir) : null;
        if (posix) {
            Files.createSymbolicLink(dir.resolve("Dangling.java"), Path.of("missing"));
            makeFifo(dir.resolve("Pipe.java"));
        }
        Files.writeString(dir.resolve("Crlf.java"), "package broken;\r\n\r\nclass Crlf {\r\n}\r\n");
        Files.write(dir.resolve("Bom.java"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "package broken;\n\nclass Bom {\n}\n".getBytes(StandardCharsets.UTF_8)));

        ScanResult result = analyzer.scan(SourceSet.of(List.of(dir)).withMaxFileSize(limit),
                options(mode));

        List<String> expected = new ArrayList<>(List.of(
                "Binary.java BINARY false",
                "Empty.java EMPTY false",
                "Latin1.java ENCODING true",
                "SyntaxError.java SYNTAX_ERROR false",
                "TooLarge.java TOO_LARGE false"));
        if (posix) {
            expected.addAll(List.of(
                    "Dangling.java UNREADABLE false",
                    "Pipe.java NOT_REGULAR_FILE false",
                    "loop SYMLINK_LOOP false"));
            if (!Files.isReadable(locked)) {
                expected.add("Locked.java UNREADABLE false"); // not when running as root
            }
        }
        assertEquals(expected.stream().sorted().toList(), result.problems().stream()
                .map(p -> name(p) + " " + p.kind() + " " + p.scanned()).sorted().toList(), describeProblems(result));
        assertTrue(result.problems().stream().allMatch(p -> p.message() != null && p.message().length() > 10),
                describeProblems(result));
        assertGoodFileAnalyzed(result);
        assertFalse(findingsIn(result, "Latin1.java").isEmpty(), "the Latin-1 file is still analyzed");
        assertFalse(findingsIn(result, "LongFile.java").isEmpty(), "the long file is analyzed");
    }

    // ---------------------------------------------------------------- the committed files themselves

    @Test
    void committedCorpusFilesAreWhatTheReadmeSays() throws IOException {
        Path corpus = corpusBroken();
        assertEquals(0, Files.size(corpus.resolve("Empty.java")));
        byte[] binary = Files.readAllBytes(corpus.resolve("Binary.java"));
        assertTrue(binary.length >= 200 && indexOf(binary, (byte) 0) >= 0, "Binary.java has NUL bytes");
        byte[] latin1 = Files.readAllBytes(corpus.resolve("Latin1.java"));
        assertTrue(indexOf(latin1, (byte) 0xE9) >= 0, "Latin1.java has an ISO-8859-1 é");
        assertFalse(isUtf8(latin1), "Latin1.java must not be valid UTF-8");
        assumeSymlinks();
        assertTrue(Files.isSymbolicLink(corpus.resolve("loop")),
                "corpus/broken/loop must be a symbolic link (check out with core.symlinks=true)");
        assertEquals(Path.of("."), Files.readSymbolicLink(corpus.resolve("loop")));
        assertTrue(Files.isExecutable(corpus.resolve("generate-long-file.sh")));
    }

    @Test
    void generateLongFileScriptWritesAFileThatScansCleanly() throws Exception {
        assumeTrue(supportsPosix() && Files.isExecutable(Path.of("/bin/sh")), "needs a POSIX shell");
        Path out = dir.resolve("generated");
        Process process = new ProcessBuilder("/bin/sh", corpusBroken().resolve("generate-long-file.sh").toString(),
                out.toString(), "3000").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        Path generated = out.resolve("LongFile.java");
        long lines = Files.readAllLines(generated).size();
        assertTrue(Math.abs(lines - 3000) < 10, "about 3000 lines, got " + lines);

        ScanResult result = analyzer.scan(SourceSet.of(List.of(out)), Analyzer.Options.defaults());
        assertTrue(result.problems().isEmpty(), describeProblems(result));
        assertEquals(2, result.findings().size(), describe(result.findings()));
    }

    // ---------------------------------------------------------------- helpers

    private ScanResult scan(Mode mode) throws IOException {
        return analyzer.scan(SourceSet.of(List.of(dir)), options(mode));
    }

    /**
     * The per-file time budget is OneFileOrRuleTest's subject; here a loaded machine must not turn the long file
     * into one left out for time, so the budget is far above what modelling it takes.
     */
    private static Analyzer.Options options(Mode mode) {
        return Analyzer.Options.defaults().withMode(mode).withFileBudget(Duration.ofMinutes(10));
    }

    private static void assertGoodFileAnalyzed(ScanResult result) {
        assertTrue(findingsIn(result, "Good.java").stream()
                        .anyMatch(f -> f.ruleId().equals(COPY_ON_FORK) && f.location().line() == GOOD_LINE),
                "copy-on-fork at Good.java:" + GOOD_LINE + " in " + describe(result.findings()));
    }

    private static FileProblem problem(ScanResult result, String fileName) {
        List<FileProblem> matching = result.problems().stream().filter(p -> name(p).equals(fileName)).toList();
        assertEquals(1, matching.size(), "one problem for " + fileName + ": " + describeProblems(result));
        FileProblem problem = matching.get(0);
        assertNotNull(problem.message());
        assertTrue(problem.relativePath().endsWith(fileName), problem.relativePath());
        return problem;
    }

    private static String name(FileProblem problem) {
        return problem.file().getFileName().toString();
    }

    private static List<Finding> findingsIn(ScanResult result, String fileName) {
        return result.findings().stream().filter(f -> f.location().file().getFileName().toString().equals(fileName))
                .toList();
    }

    private static String describe(List<Finding> findings) {
        return findings.stream().map(f -> f.location().display() + " " + f.ruleId()).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String describeProblems(ScanResult result) {
        return result.problems().stream().map(p -> p.relativePath() + " " + p.kind() + " (" + p.message() + ")")
                .collect(Collectors.joining("\n  ", "problems:\n  ", ""));
    }

    private static int lineOf(Path file, java.nio.charset.Charset charset, String marker) throws IOException {
        List<String> lines = new String(Files.readAllBytes(file), charset).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError(marker + " not in " + file);
    }

    /** {@code text} with a trailing comment that brings it to exactly {@code size} bytes of UTF-8. */
    private static String padded(String text, long size) {
        int missing = (int) (size - text.getBytes(StandardCharsets.UTF_8).length - "//\n".length());
        assertTrue(missing >= 0);
        String result = text + "//" + "x".repeat(missing) + "\n";
        assertEquals(size, result.getBytes(StandardCharsets.UTF_8).length);
        return result;
    }

    /** The same shape as {@code corpus/broken/generate-long-file.sh}, in Java so it needs no shell. */
    static Path writeLongFile(Path dir, int lines) throws IOException {
        StringBuilder out = new StringBuilder(lines * 24);
        out.append("package broken;\n\nimport java.util.Arrays;\nimport java.util.concurrent.RecursiveTask;\n\n")
                .append("/** Generated: ").append(lines).append(" lines of small methods. */\npublic class LongFile {\n\n");
        int methods = (lines - 8 - 24 - 2 * (lines / 4000 + 1)) / 4;
        for (int i = 0; i < methods; i++) {
            if (i % 1000 == 0) {
                out.append("    static final class Part").append(i / 1000).append(" {\n");
            }
            out.append("        static long m").append(i).append("(long x) {\n            return x * 31 + ").append(i)
                    .append(";\n        }\n\n");
            if (i % 1000 == 999 || i == methods - 1) {
                out.append("    }\n\n");
            }
        }
        out.append("""
                    static class SumTask extends RecursiveTask<Long> {
                        private final long[] data;

                        SumTask(long[] data) {
                            this.data = data;
                        }

                        @Override
                        protected Long compute() {
                            if (data.length <= 1_000) {
                                long sum = 0;
                                for (long value : data) {
                                    sum += Part0.m0(value);
                                }
                                return sum;
                            }
                            int mid = data.length / 2;
                            SumTask left = new SumTask(Arrays.copyOfRange(data, 0, mid));
                            SumTask right = new SumTask(Arrays.copyOfRange(data, mid, data.length));
                            left.fork();
                            return right.compute() + left.join();
                        }
                    }
                }
                """);
        Path file = dir.resolve("LongFile.java");
        Files.writeString(file, out);
        return file;
    }

    /** A fork/join file with every permission removed; root can still read it. */
    private static Path writeLocked(Path dir) throws IOException {
        assumeTrue(supportsPosix(), "needs POSIX permissions");
        Path locked = dir.resolve("Locked.java");
        Files.writeString(locked, good("Locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        return locked;
    }

    private static void makeFifo(Path path) throws Exception {
        assumeTrue(supportsPosix(), "needs mkfifo");
        Process process = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "mkfifo finished");
        assumeTrue(process.exitValue() == 0, "mkfifo failed: " + output);
        assertTrue(Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(path));
    }

    private static boolean supportsPosix() {
        return java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    private static void assumeSymlinks() {
        assumeTrue(supportsPosix(), "needs symbolic links");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static int indexOf(byte[] bytes, byte wanted) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** The repository's {@code corpus/broken}, found by walking up from the working directory. */
    static Path corpusBroken() {
        for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
            Path candidate = at.resolve("corpus/broken");
            if (Files.isDirectory(candidate) && Files.exists(at.resolve("mvnw"))) {
                return candidate;
            }
        }
        throw new AssertionError("corpus/broken not found above " + Path.of("").toAbsolutePath());
    }

    /** Copies corpus/broken into {@code target}, keeping symbolic links as links (never following them). */
    static void copyCorpus(Path target) throws IOException {
        Path corpus = corpusBroken();
        try (Stream<Path> entries = Files.list(corpus)) {
            for (Path entry : entries.toList()) {
                Path to = target.resolve(entry.getFileName().toString());
                if (Files.isSymbolicLink(entry)) {
                    Files.createSymbolicLink(to, Files.readSymbolicLink(entry));
                } else {
                    Files.copy(entry, to, LinkOption.NOFOLLOW_LINKS);
                }
            }
        }
        assertArrayEquals(Files.readAllBytes(corpus.resolve("Latin1.java")), Files.readAllBytes(target.resolve("Latin1.java")));
    }
}
