package org.fjdoctor.refactorings.copyonjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.fjdoctor.refactorings.RewriteTester;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rewritten tasks return what the originals returned (same elements, order and array class), from
 * roots that start at 0 and roots that start inside the array, on the lengths where offsets go wrong
 * first: empty, one element, at and just above the threshold, odd sizes.
 */
class ArrayMergeBehaviourTest {

    /** Squares' and Evens' leaves hold at most 4 elements, Labels' at most 2. */
    private static final int[] LENGTHS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 17, 31, 100, 101, 1_001};

    @TempDir
    Path dir;

    @Test
    void arraycopyConcatenationMatchesOriginal() throws Exception {
        compareRuns("Squares", SharedOutputArrayRewriteTest.SQUARES_BEFORE);
    }

    @Test
    void copyOfConcatenationWithInvokeAllMatchesOriginal() throws Exception {
        compareRuns("Labels", SharedOutputArrayRewriteTest.LABELS_BEFORE);
    }

    @Test
    void filterConcatenatedOnceAtTheRootMatchesOriginal() throws Exception {
        compareRuns("Evens", ConcatOnceAtRootRewriteTest.EVENS_BEFORE);
    }

    @Test
    void reviewedFilterWithAnUnevenSplitMatchesOriginal() throws Exception {
        compareRuns("Evens", ConcatOnceAtRootRewriteTest.EVENS_BEFORE.replace("int mid = (from + to) >>> 1;",
                "int mid = from + (to - from) / 3;"), true);
    }

    private void compareRuns(String name, String before) throws Exception {
        compareRuns(name, before, false);
    }

    private void compareRuns(String name, String before, boolean includeReview) throws Exception {
        String file = "p/" + name + ".java";
        String after = RewriteTester.rewrite(dir.resolve("scan"), Map.of(file, before), "copy-on-join", includeReview)
                .text(file);
        assertNotEquals(before, after, "rewritten");
        assertTrue(RewriteTester.parses(after));
        Method original = run(compile(dir.resolve("before"), file, before));
        Method rewritten = run(compile(dir.resolve("after"), file, after));
        for (int length : LENGTHS) {
            int[] values = new int[length];
            for (int i = 0; i < length; i++) {
                values[i] = (i * 7919 + 13) % 2_003 - 1_000;
            }
            Object expected = original.invoke(null, (Object) values);
            assertEquals(expected, rewritten.invoke(null, (Object) values), name + " on length " + length);
        }
    }

    /** The fixture's package-private {@code static String run(int[])}. */
    private static Method run(Class<?> task) throws NoSuchMethodException {
        Method run = task.getDeclaredMethod("run", int[].class);
        run.setAccessible(true);
        return run;
    }

    private static Class<?> compile(Path root, String file, String text) throws IOException, ReflectiveOperationException {
        Path source = root.resolve("src").resolve(file);
        Files.createDirectories(source.getParent());
        Files.writeString(source, text);
        Path classes = Files.createDirectories(root.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "-d", classes.toString(), source.toString());
        assertEquals(0, status, "compiles: " + file);
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                ArrayMergeBehaviourTest.class.getClassLoader());
        return loader.loadClass(file.replace(".java", "").replace('/', '.'));
    }
}
