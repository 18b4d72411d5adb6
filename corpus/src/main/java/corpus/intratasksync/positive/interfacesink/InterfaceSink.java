package corpus.intratasksync.positive.interfacesink;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Squares a range into a sink reached through an interface whose implementation is synchronized. */
public class InterfaceSink {

    static final int LEAF = 1_000;

    static class Squares extends RecursiveAction {
        private final Sink sink;
        private final int from;
        private final int to;

        Squares(Sink sink, int from, int to) {
            this.sink = sink;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= LEAF) {
                for (int i = from; i < to; i++) {
                    sink.put(i, (long) i * i % 1_000_003);
                }
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Squares(sink, from, mid), new Squares(sink, mid, to));
        }
    }

    public static void main(String[] args) {
        Sink sink = new SynchronizedSink(20_000);
        ForkJoinPool.commonPool().invoke(new Squares(sink, 0, 20_000));
        System.out.println("checksum=" + sink.total());
    }
}
