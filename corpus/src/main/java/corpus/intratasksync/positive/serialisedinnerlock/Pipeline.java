package corpus.intratasksync.positive.serialisedinnerlock;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Every leaf reports to one shared pipeline through its synchronized done(): that monitor is contended (reported).
 * The copy-on-write list and the tally lock are only ever taken inside done(), which already admits one task at a
 * time, so nobody waits for them: they are not reported.
 */
public class Pipeline {

    private final CopyOnWriteArrayList<Integer> odd = new CopyOnWriteArrayList<>();
    private final Object tally = new Object();
    private long total;

    synchronized void done(int value) { // expect: intra-task-sync
        if (value % 2 == 1) {
            odd.add(value);
        }
        synchronized (tally) {
            total += value;
        }
    }

    static class Leaf extends RecursiveAction {
        private final Pipeline pipeline;
        private final int from;
        private final int to;

        Leaf(Pipeline pipeline, int from, int to) {
            this.pipeline = pipeline;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 64) {
                int sum = 0;
                for (int i = from; i < to; i++) {
                    sum += i % 7;
                }
                pipeline.done(sum);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Leaf(pipeline, from, mid), new Leaf(pipeline, mid, to));
        }
    }

    public static void main(String[] args) {
        Pipeline pipeline = new Pipeline();
        ForkJoinPool.commonPool().invoke(new Leaf(pipeline, 0, 4_096));
        System.out.println("checksum=" + (pipeline.total + pipeline.odd.size()));
    }
}
