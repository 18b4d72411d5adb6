package org.fjdoctor.refactorings.copyonfork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rewritten tasks compute what the originals computed, on the lengths where index arithmetic goes
 * wrong first: empty, one element, at and just above the threshold, odd sizes.
 */
class IndexRangeBehaviourTest {

    private static final int[] LENGTHS = {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 17, 31, 100, 101, 1_001};

    @TempDir
    Path dir;

    @Test
    void halvingSumMatchesOriginal() throws Exception {
        compareRuns("Sum", IndexRangeRewriteTest.SUM_BEFORE, long[].class);
    }

    @Test
    void arraycopyCountMatchesOriginal() throws Exception {
        compareRuns("Count", IndexRangeRewriteTest.COUNT_BEFORE, int[].class);
    }

    @Test
    void thirdsSplitWithElementReadsMatchesOriginal() throws Exception {
        compareRuns("Thirds", IndexRangeRewriteTest.THIRDS_BEFORE, long[].class);
    }

    @Test
    void listCopiesOfAGenericTaskMatchOriginal() throws Exception {
        compareRuns("Longest", ListRangeRewriteTest.MAX_BEFORE, int.class);
    }

    @Test
    void listCopiesMadeByAHelperMatchOriginal() throws Exception {
        compareRuns("Longest", ListRangeRewriteTest.maxThroughHelper(), int.class);
    }

    @Test
    void listSlicesCollectedFromStreamsMatchOriginal() throws Exception {
        compareRuns("Longest", ListRangeRewriteTest.maxThroughStreams("toList()"), int.class);
    }

    /** REVIEW only (the list comes from the caller), but the arithmetic and the helper's view must still be right. */
    @Test
    void wildcardListWithReadOnlyHelperMatchesOriginal() throws Exception {
        compareRuns("Total", ListRangeRewriteTest.TOTAL_BEFORE, List.class, true);
    }

    /** REVIEW only (the part size is not proven positive), but the parts must be the same. */
    @Test
    void partitionLoopMatchesOriginal() throws Exception {
        compareRuns("Parts", ListRangeRewriteTest.PARTS_BEFORE, int.class, true);
    }

    private void compareRuns(String name, String before, Class<?> arrayType) throws Exception {
        compareRuns(name, before, arrayType, false);
    }

    /** {@code arrayType} is the parameter of the program's static {@code run}: an array, a List, or an int length. */
    private void compareRuns(String name, String before, Class<?> arrayType, boolean includeReview) throws Exception {
        String file = "p/" + name + ".java";
        String after = RewriteTester.rewrite(dir.resolve("scan"), Map.of(file, before), "copy-on-fork", includeReview).text(file);
        assertTrue(!after.equals(before) && RewriteTester.parses(after), "rewritten");
        Method original = compile(dir.resolve("before"), file, before).getDeclaredMethod("run", arrayType);
        Method rewritten = compile(dir.resolve("after"), file, after).getDeclaredMethod("run", arrayType);
        original.setAccessible(true);
        rewritten.setAccessible(true);
        for (int length : LENGTHS) {
            Object input = input(arrayType, length);
            assertEquals(original.invoke(null, input), rewritten.invoke(null, input), name + " on length " + length);
        }
    }

    private static Object input(Class<?> arrayType, int length) {
        if (arrayType == int.class) {
            return length;
        }
        if (arrayType == List.class) {
            List<Integer> values = new java.util.ArrayList<>();
            for (int i = 0; i < length; i++) {
                values.add((i * 13 + 2) % 17);
            }
            return values;
        }
        if (arrayType == int[].class) {
            int[] values = new int[length];
            for (int i = 0; i < length; i++) {
                values[i] = (i * 7 + 3) % 11;
            }
            return values;
        }
        long[] values = new long[length];
        for (int i = 0; i < length; i++) {
            values[i] = (i * 37L + 5) % 101;
        }
        return values;
    }

    private static Class<?> compile(Path root, String file, String text) throws IOException, ReflectiveOperationException,
            java.net.URISyntaxException {
        Path source = root.resolve("src").resolve(file);
        Files.createDirectories(source.getParent());
        Files.writeString(source, text);
        Path classes = Files.createDirectories(root.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        // Guava, for the Lists.partition program; the test's own class path has it.
        String guava = Path.of(com.google.common.collect.Lists.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        int status = javac.run(null, null, null, "-classpath", guava, "-d", classes.toString(), source.toString());
        assertEquals(0, status, "compiles: " + file);
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                IndexRangeBehaviourTest.class.getClassLoader());
        String className = file.replace(".java", "").replace('/', '.');
        return loader.loadClass(className);
    }

    @Test
    void lengthsCoverTheEdges() {
        assertTrue(List.of(0, 1, 5, 101).stream().allMatch(l -> java.util.Arrays.stream(LENGTHS).anyMatch(x -> x == l)));
    }
}
