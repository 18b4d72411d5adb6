package corpus.sleepyworker.positive.backportthrottle;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveAction;

/** Backport leaves that call a throttle in another file, which sleeps on the worker. */
public class BackportThrottle {

    static final int LEAF = 4_000;

    static class Fill extends RecursiveAction {
        private final int[] out;
        private final int from;
        private final int to;

        Fill(int[] out, int from, int to) {
            this.out = out;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= LEAF) {
                for (int i = from; i < to; i++) {
                    out[i] = (i * 13) % 1_013;
                }
                Throttle.pause();
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Fill(out, from, mid), new Fill(out, mid, to));
        }
    }

    public static void main(String[] args) {
        int[] out = new int[32_000];
        new ForkJoinPool().invoke(new Fill(out, 0, out.length));
        long checksum = 0;
        for (int value : out) {
            checksum = checksum * 31 + value;
        }
        System.out.println("checksum=" + checksum);
    }
}
