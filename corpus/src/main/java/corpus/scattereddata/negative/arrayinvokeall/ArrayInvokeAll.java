package corpus.scattereddata.negative.arrayinvokeall;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/** A while loop fills an array of subtasks; ForkJoinTask.invokeAll runs them after the loop, then results are read. */
public class ArrayInvokeAll {

    static class MaxRun extends RecursiveTask<Integer> {
        private final int[] values;
        private final int parts;

        MaxRun(int[] values, int parts) {
            this.values = values;
            this.parts = parts;
        }

        @Override
        protected Integer compute() {
            RunInRange[] ranges = new RunInRange[parts];
            int step = (values.length + parts - 1) / parts;
            int p = 0;
            while (p < parts) {
                ranges[p] = new RunInRange(values, p * step, Math.min((p + 1) * step, values.length));
                p++;
            }
            ForkJoinTask.invokeAll(ranges);
            int longest = 0;
            for (RunInRange range : ranges) {
                longest = Math.max(longest, range.getRawResult());
            }
            return longest;
        }
    }

    /** Longest run of increasing values that starts inside the range (it may extend past its end). */
    static class RunInRange extends RecursiveTask<Integer> {
        private final int[] values;
        private final int from;
        private final int to;

        RunInRange(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            int longest = 0;
            int i = from;
            while (i < to) {
                int end = i + 1;
                while (end < values.length && values[end] > values[end - 1]) {
                    end++;
                }
                longest = Math.max(longest, end - i);
                i = end;
            }
            return longest;
        }
    }

    public static void main(String[] args) {
        int[] values = new int[30_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i % 97) * ((i / 97) % 3 == 0 ? 1 : -1);
        }
        int longest = ForkJoinPool.commonPool().invoke(new MaxRun(values, 6));
        System.out.println("checksum=" + longest);
    }
}
