package corpus.copyonfork.negative.leafcopy;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaves copy their window to sort it for a median; the copy is local work, never handed to a subtask. */
public class WindowMedians {

    static final int WINDOW = 64;

    static final class MedianSum extends RecursiveTask<Long> {
        private final int[] samples;
        private final int from;
        private final int to;

        MedianSum(int[] samples, int from, int to) {
            this.samples = samples;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            int windows = (to - from) / WINDOW;
            if (windows <= 4) {
                long sum = 0;
                for (int start = from; start < to; start += WINDOW) {
                    int[] window = Arrays.copyOfRange(samples, start, Math.min(start + WINDOW, to));
                    Arrays.sort(window);
                    sum += window[window.length / 2];
                }
                return sum;
            }
            int mid = from + (windows / 2) * WINDOW;
            MedianSum left = new MedianSum(samples, from, mid);
            MedianSum right = new MedianSum(samples, mid, to);
            left.fork();
            long fromRight = right.compute();
            return left.join() + fromRight;
        }
    }

    public static void main(String[] args) {
        int[] samples = new int[WINDOW * 500];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (i * 7_877) % 10_007;
        }
        long sum = ForkJoinPool.commonPool().invoke(new MedianSum(samples, 0, samples.length));
        System.out.println("checksum=" + sum);
    }
}
