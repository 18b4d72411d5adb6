package org.fjdoctor.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small source trees the tests write: one task that copies its input per subtask, one that does not. */
public final class SourceTrees {

    /** Copies a slice for each subtask: two copy-on-fork findings. */
    public static final String COPYING_TASK = """
            package demo;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveTask;

            public class CopyingSum extends RecursiveTask<Long> {
                private final long[] data;

                public CopyingSum(long[] data) {
                    this.data = data;
                }

                @Override
                protected Long compute() {
                    if (data.length <= 1000) {
                        long sum = 0;
                        for (long value : data) {
                            sum += value;
                        }
                        return sum;
                    }
                    int mid = data.length / 2;
                    CopyingSum left = new CopyingSum(Arrays.copyOfRange(data, 0, mid));
                    CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    /** Passes index ranges: no finding. */
    public static final String RANGE_TASK = """
            package demo;

            import java.util.concurrent.RecursiveTask;

            public class RangeSum extends RecursiveTask<Long> {
                private final long[] data;
                private final int from;
                private final int to;

                public RangeSum(long[] data, int from, int to) {
                    this.data = data;
                    this.from = from;
                    this.to = to;
                }

                @Override
                protected Long compute() {
                    if (to - from <= 1000) {
                        long sum = 0;
                        for (int i = from; i < to; i++) {
                            sum += data[i];
                        }
                        return sum;
                    }
                    int mid = (from + to) >>> 1;
                    RangeSum left = new RangeSum(data, from, mid);
                    RangeSum right = new RangeSum(data, mid, to);
                    left.fork();
                    return right.compute() + left.join();
                }
            }
            """;

    private SourceTrees() {
    }

    /** {@code root/demo/CopyingSum.java} (and the clean task next to it). */
    public static Path withFindings(Path root) {
        write(root.resolve("demo/CopyingSum.java"), COPYING_TASK);
        write(root.resolve("demo/RangeSum.java"), RANGE_TASK);
        return root;
    }

    /** {@code root/demo/RangeSum.java} only. */
    public static Path clean(Path root) {
        write(root.resolve("demo/RangeSum.java"), RANGE_TASK);
        return root;
    }

    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** 1-based line and column of the first occurrence of {@code code} in {@code text}. */
    public static int[] position(String text, String code) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            int column = lines.get(i).indexOf(code);
            if (column >= 0) {
                return new int[] {i + 1, column + 1};
            }
        }
        throw new AssertionError(code + " not in the source");
    }
}
