package corpus.copyonfork.negative.rootdefensivecopy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Only the public constructor copies, once at the root; subtasks share the copy through index ranges. */
public class RootDefensiveCopy {

    static final int THRESHOLD = 500;

    static class Total extends RecursiveTask<Long> {
        private final List<Integer> items;
        private final int from;
        private final int to;

        Total(List<Integer> items) {
            this(new ArrayList<>(items), 0, items.size());
        }

        private Total(List<Integer> shared, int from, int to) {
            this.items = shared;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += items.get(i);
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Total left = new Total(items, from, mid);
            left.fork();
            return new Total(items, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        List<Integer> items = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            items.add(i % 113);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Total(items)));
    }
}
