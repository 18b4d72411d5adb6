package corpus.poolpercall.negative.ownedpool;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * An engine owns its pool: created in the constructor (or lazily) and kept in a field for every call,
 * and a factory method that hands a new pool to its caller to keep.
 */
public class OwnedPool {

    static class Engine {
        private final ForkJoinPool pool;
        private ForkJoinPool spare;

        Engine(int parallelism) {
            pool = new ForkJoinPool(parallelism);
        }

        ForkJoinPool spare() {
            if (spare == null) {
                spare = new ForkJoinPool(1);
            }
            return spare;
        }

        long squares(int n) {
            return pool.invoke(new Squares(0, n));
        }

        void close() {
            pool.shutdown();
            if (spare != null) {
                spare.shutdown();
            }
        }
    }

    static ForkJoinPool newPool(int parallelism) {
        ForkJoinPool created = new ForkJoinPool(parallelism);
        return created;
    }

    static class Squares extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Squares(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 1_000) {
                long sum = 0;
                for (long i = from; i < to; i++) {
                    sum += i * i % 1_000_003;
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Squares left = new Squares(from, mid);
            left.fork();
            return new Squares(mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        Engine engine = new Engine(2);
        long checksum = 0;
        for (int r = 1; r <= 6; r++) {
            checksum = checksum * 31 + engine.squares(r * 2_500);
        }
        checksum += engine.spare().getParallelism();
        engine.close();
        ForkJoinPool extra = newPool(1);
        checksum += extra.getParallelism();
        extra.shutdown();
        System.out.println("checksum=" + checksum);
    }
}
