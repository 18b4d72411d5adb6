package org.fjdoctor.refactorings.style;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.copyonfork.IndexRangeRewrite;
import org.fjdoctor.refactorings.scattereddata.InvokeAllRewrite;
import org.junit.jupiter.api.Test;

/**
 * New code reads like the file around it: its indentation step, its imports, its Javadoc, no
 * arithmetic a person would not write, no blank lines a person would not leave.
 */
class FileStyleTest {

    private static final String DOCUMENTED = """
            package p;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            /**
             * Finds the first element of each half, copying the halves.
             */
            class Firsts extends RecursiveTask<Long> {
                private final long[] data;

                /**
                 * A task over all of {@code data}.
                 *
                 * @param data the values
                 */
                Firsts(long[] data) {
                    this.data = data;
                }

                @Override
                protected Long compute() {
                    if (data.length < 2) {
                        return data.length == 0 ? 0L : data[0];
                    }
                    int mid = data.length / 2;
                    Firsts left = new Firsts(Arrays.copyOfRange(data, 0, mid));
                    Firsts right = new Firsts(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    /**
     * A file indented by 4 whose Javadoc lines start one space in: the delegating constructor is indented by
     * 4 more (it was 5), the index {@code 0} becomes {@code from} (not {@code from + 0}), and the range twin of
     * the documented constructor documents its new parameters.
     */
    @Test
    void indentationStepJavadocAndIndicesFollowTheFile() {
        RewriteTester.of(IndexRangeRewrite.class).before("p/Firsts.java", DOCUMENTED).after("p/Firsts.java", """
                package p;

                import java.util.concurrent.RecursiveTask;

                /**
                 * Finds the first element of each half, copying the halves.
                 */
                class Firsts extends RecursiveTask<Long> {
                    private final long[] data;
                    private final int from;
                    private final int to;

                    /**
                     * A task over all of {@code data}.
                     *
                     * @param data the values
                     */
                    Firsts(long[] data) {
                        this(data, 0, data.length);
                    }

                    /**
                     * A task over all of {@code data}.
                     *
                     * @param data the values
                     * @param from the first index of the range of {@code data} this task works on
                     * @param to the index after that range
                     */
                    Firsts(long[] data, int from, int to) {
                        this.data = data;
                        this.from = from;
                        this.to = to;
                    }

                    @Override
                    protected Long compute() {
                        if (to - from < 2) {
                            return to - from == 0 ? 0L : data[from];
                        }
                        int mid = (from + to) >>> 1;
                        Firsts left = new Firsts(data, from, mid);
                        Firsts right = new Firsts(data, mid, to);
                        left.fork();
                        return right.compute() + left.join();
                    }
                }
                """).check();
    }

    private static final String PART = """

            class Part extends RecursiveTask<Long> {
                final int i;

                Part(int i) {
                    this.i = i;
                }

                @Override
                protected Long compute() {
                    return (long) i * i;
                }
            }
            """;

    private static String sum(String imports, String body) {
        return "package p;\n\n" + imports + """

                class Sum extends RecursiveTask<Long> {
                    @Override
                    protected Long compute() {
                """ + body + """
                    }
                }
                """ + PART;
    }

    private static final String NO_COLLECTION = """
                    Part last = null;
                    for (int i = 0; i < 8; i++) {
                        int[] slice = {1, 2}; // data prepared for this subtask alone: scattered data
                        Part part = new Part(i);
                        part.fork();
                        last = part;
                    }
                    return last.join();
            """;

    private static final String COLLECTED = """
                    Part last = null;
                    List<Part> forked = new ArrayList<>();
                    for (int i = 0; i < 8; i++) {
                        int[] slice = {1, 2}; // data prepared for this subtask alone: scattered data
                        Part part = new Part(i);
                        forked.add(part);
                        last = part;
                    }
                    for (Part subtask : forked) {
                        subtask.fork();
                    }
                    return last.join();
            """;

    /** A file importing {@code java.util.*} names the new list by simple names and gains no import. */
    @Test
    void onDemandImportsGiveSimpleNames() {
        String imports = "import java.util.*;\nimport java.util.concurrent.RecursiveTask;\n";
        RewriteTester.of(InvokeAllRewrite.class).safety(Safety.REVIEW)
                .before("p/Sum.java", sum(imports, NO_COLLECTION))
                .after("p/Sum.java", sum(imports, COLLECTED)).check();
    }

    /** A file that imports neither gets both imports, in order before the concurrent one. */
    @Test
    void missingImportsAreAddedInOrder() {
        RewriteTester.of(InvokeAllRewrite.class).safety(Safety.REVIEW)
                .before("p/Sum.java", sum("import java.util.concurrent.RecursiveTask;\n", NO_COLLECTION))
                .after("p/Sum.java", sum("import java.util.ArrayList;\nimport java.util.List;\n"
                        + "import java.util.concurrent.RecursiveTask;\n", COLLECTED)).check();
    }

    /** A name the file already uses for something else keeps the new code qualified, and no import is added. */
    @Test
    void aNameTheFileUsesStaysQualified() {
        String imports = "import java.util.concurrent.RecursiveTask;\n";
        String before = sum(imports, NO_COLLECTION).replace("class Part extends", "// an ArrayList of parts\nclass Part extends");
        RewriteTester.of(InvokeAllRewrite.class).safety(Safety.REVIEW).before("p/Sum.java", before)
                .after("p/Sum.java", sum(imports, COLLECTED.replace("List<Part> forked = new ArrayList<>();",
                        "List<Part> forked = new java.util.ArrayList<>();"))
                        .replace("import java.util.concurrent", "import java.util.List;\nimport java.util.concurrent")
                        .replace("class Part extends", "// an ArrayList of parts\nclass Part extends")).check();
    }

    /** Removing a statement that stood between blank lines leaves one blank line, not two. */
    @Test
    void aRemovalLeavesNoDoubledBlankLine() {
        String imports = "import java.util.ArrayList;\nimport java.util.List;\nimport java.util.concurrent.RecursiveTask;\n";
        String loop = """
                        List<Part> parts = new ArrayList<>();
                        for (int i = 0; i < 8; i++) {
                            int[] slice = {1, 2}; // data prepared for this subtask alone: scattered data
                            Part part = new Part(i);
                            parts.add(part);

                            part.fork();

                            long unused = i;
                        }
                        long total = 0;
                        for (Part part : parts) {
                            total += part.join();
                        }
                        return total;
                """;
        RewriteTester.of(InvokeAllRewrite.class).before("p/Sum.java", sum(imports, loop))
                .after("p/Sum.java", sum(imports, loop.replace("            part.fork();\n\n", "")
                        .replace("        }\n        long total", "        }\n        invokeAll(parts);\n        long total")))
                .check();
    }
}
