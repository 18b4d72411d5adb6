package corpus.intratasksync.positive.sharedsettings;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The twin of the per-object locks: the options object and the tally are the same for every leaf (static
 * fields), so the leaves contend for their monitors on every element, and the symbol table locks on every
 * call because it never looks again under the lock.
 */
public class SharedSettings {

    static final Options OPTIONS = new Options(3);
    static final Tally TALLY = new Tally();
    static final Symbols SYMBOLS = new Symbols();

    static class Options {
        private final Map<String, Integer> values = new HashMap<>();

        Options(int scale) {
            set("scale", scale);
        }

        synchronized void set(String key, int value) {
            values.put(key, value);
        }

        synchronized int get(String key) { // expect: intra-task-sync "static field SharedSettings.OPTIONS"
            return values.getOrDefault(key, 0);
        }
    }

    static class Tally {
        private final Object lock = new Object();
        private long sum;

        void add(long v) {
            synchronized (lock) { // expect: intra-task-sync "static field SharedSettings.TALLY"
                sum += v;
            }
        }
    }

    static class Symbols {
        private final Map<String, Integer> ids = new HashMap<>();

        int id(String name) {
            synchronized (ids) { // expect: intra-task-sync "static field SharedSettings.SYMBOLS"
                return ids.computeIfAbsent(name, k -> ids.size());
            }
        }
    }

    static class Leaves extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Leaves(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 250) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    TALLY.add(i * OPTIONS.get("scale"));
                    sum += SYMBOLS.id("k" + (i % 8));
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Leaves left = new Leaves(from, mid);
            left.fork();
            return new Leaves(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Leaves(0, 4_000)));
        System.out.println("total=" + TALLY.sum);
    }
}
