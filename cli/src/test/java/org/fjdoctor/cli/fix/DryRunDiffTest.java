package org.fjdoctor.cli.fix;

import static org.fjdoctor.cli.testfixes.FixFixtures.git;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fix --dry-run} promises a diff for {@code git apply}: checked with a real git on files whose
 * names git must quote and whose bytes are not plain UTF-8 (a BOM, Latin-1, CRLF, UTF-16). Applying
 * the diff must give exactly the bytes {@code fix} writes.
 */
class DryRunDiffTest {

    @TempDir
    Path dir;

    @Test
    void gitAppliesTheDiffOfOddNamesAndCharsetsAndGetsWhatFixWrites() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("demo/With Space.java", task("Space").getBytes(StandardCharsets.UTF_8));
        files.put("demo/tab\there.java", task("Tab").getBytes(StandardCharsets.UTF_8));
        files.put("demo/new\nline.java", task("Newline").getBytes(StandardCharsets.UTF_8));
        files.put("demo/q\"uote.java", task("Quote").getBytes(StandardCharsets.UTF_8));
        files.put("demo/back\\slash.java", task("Backslash").getBytes(StandardCharsets.UTF_8));
        files.put("demo/Ünïcödé.java", task("Unicode").getBytes(StandardCharsets.UTF_8));
        files.put("demo/Bom.java", withBom(task("Bom").getBytes(StandardCharsets.UTF_8)));
        files.put("demo/Latin.java", task("Latin").replace("package demo;\n", "package demo;\n// café, naïve\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        files.put("demo/Crlf.java", task("Crlf").replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));
        // No one-byte line ends: a git binary patch
        files.put("demo/Utf16.java", task("Utf16").getBytes(StandardCharsets.UTF_16));
        Path repo = dir.resolve("repo");
        Path fixed = dir.resolve("fixed");
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            for (Path root : new Path[] {repo, fixed}) {
                Files.createDirectories(root.resolve(file.getKey()).getParent());
                Files.write(root.resolve(file.getKey()), file.getValue());
            }
        }
        git(repo, "init", "-q");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "tasks");

        Cli.Binary dryRun = Cli.runBinary("fix", "--dry-run", "--quiet", repo.resolve("demo").toString());
        assertEquals(ExitCodes.OK, dryRun.exit(), dryRun::err);
        Path patch = dir.resolve("fix.patch");
        Files.write(patch, dryRun.out());
        git(repo, "apply", "--check", patch.toString());
        git(repo, "apply", patch.toString());

        Cli.Result fix = Cli.run("fix", "--quiet", fixed.resolve("demo").toString());
        assertEquals(ExitCodes.OK, fix.exit(), fix::toString);
        for (String name : files.keySet()) {
            byte[] applied = Files.readAllBytes(repo.resolve(name));
            assertFalse(Arrays.equals(files.get(name), applied), name + " not changed");
            assertArrayEquals(Files.readAllBytes(fixed.resolve(name)), applied, name);
        }
    }

    @Test
    void headersQuoteOddPathsAsGitDoes() throws IOException {
        Path repo = dir.resolve("repo");
        SourceTrees.write(repo.resolve("demo/tab\tand \"quote\" ü.java"), task("Odd"));
        git(repo, "init", "-q");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "task");
        String expected = "\"a/demo/tab\\tand \\\"quote\\\" \\303\\274.java\"";

        Cli.Binary dryRun = Cli.runBinary("fix", "--dry-run", "--quiet", repo.toString());
        String diff = new String(dryRun.out(), StandardCharsets.UTF_8);
        assertEquals("diff --git " + expected + " " + expected.replace("\"a/", "\"b/"), diff.lines().findFirst().orElse(""));
        assertEquals("--- " + expected + "\t", diff.lines().skip(1).findFirst().orElse(""));
        // git's own header lines for the file are the same
        Files.writeString(repo.resolve("demo/tab\tand \"quote\" ü.java"), "changed\n");
        assertEquals(headers(diff), headers(git(repo, "diff")));
    }

    private static List<String> headers(String diff) {
        return diff.lines().filter(line -> line.startsWith("diff --git ") || line.startsWith("--- ")
                || line.startsWith("+++ ")).toList();
    }

    private static String task(String name) {
        return SourceTrees.COPYING_TASK.replace("public class CopyingSum", "class " + name).replace("CopyingSum", name);
    }

    private static byte[] withBom(byte[] text) {
        byte[] bytes = new byte[text.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(text, 0, bytes, 3, text.length);
        return bytes;
    }
}
