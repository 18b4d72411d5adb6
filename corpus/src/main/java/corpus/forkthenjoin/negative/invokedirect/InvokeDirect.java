package corpus.forkthenjoin.negative.invokedirect;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** The rewritten shape: a subtask that must finish before the next step is invoked, not forked and joined. */
public class InvokeDirect {

    static class Prefix extends RecursiveAction {
        private final long[] sums;
        private final int from;
        private final int to;

        Prefix(long[] sums, int from, int to) {
            this.sums = sums;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 64) {
                for (int i = Math.max(from, 1); i < to; i++) {
                    sums[i] += sums[i - 1];
                }
                return;
            }
            int mid = (from + to) >>> 1;
            new Prefix(sums, from, mid).invoke();
            Prefix upper = new Prefix(sums, mid, to);
            upper.invoke();
        }
    }

    public static void main(String[] args) {
        long[] sums = new long[4_096];
        for (int i = 0; i < sums.length; i++) {
            sums[i] = i % 5;
        }
        ForkJoinPool.commonPool().invoke(new Prefix(sums, 0, sums.length));
        System.out.println("checksum=" + sums[sums.length - 1]);
    }
}
