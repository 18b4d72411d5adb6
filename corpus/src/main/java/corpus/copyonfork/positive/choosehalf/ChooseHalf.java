package corpus.copyonfork.positive.choosehalf;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Each subtask gets one of two copies, chosen by a condition: whichever branch runs, it copies. */
public class ChooseHalf {

    static final int THRESHOLD = 500;

    static final class Max extends RecursiveTask<Integer> {
        private final int[] data;

        Max(int[] data) {
            this.data = data;
        }

        @Override
        protected Integer compute() {
            int n = data.length;
            if (n <= THRESHOLD) {
                int max = Integer.MIN_VALUE;
                for (int value : data) {
                    max = Math.max(max, value);
                }
                return max;
            }
            int mid = n / 2;
            boolean lowFirst = data[0] <= data[n - 1];
            Max first = new Max(lowFirst ? Arrays.copyOfRange(data, 0, mid) : Arrays.copyOfRange(data, mid, n)); // expect: copy-on-fork
            Max second = new Max(lowFirst ? Arrays.copyOfRange(data, mid, n) : Arrays.copyOfRange(data, 0, mid)); // expect: copy-on-fork
            first.fork();
            return Math.max(second.compute(), first.join());
        }
    }

    public static void main(String[] args) {
        int[] data = new int[20_011];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7919) % 10_007;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Max(data)));
    }
}
