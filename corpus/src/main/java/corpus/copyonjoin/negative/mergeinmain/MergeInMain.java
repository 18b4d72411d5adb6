package corpus.copyonjoin.negative.mergeinmain;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Leaf tasks return lists and only main() concatenates them with addAll: once, outside task code. */
public class MergeInMain {

    static class CollatzTask extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        CollatzTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            List<Integer> lengths = new ArrayList<>(to - from);
            for (int n = from; n < to; n++) {
                long x = n;
                int steps = 0;
                while (x != 1) {
                    x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
                    steps++;
                }
                lengths.add(steps);
            }
            return lengths;
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = ForkJoinPool.commonPool();
        List<CollatzTask> tasks = new ArrayList<>();
        for (int part = 0; part < 4; part++) {
            CollatzTask task = new CollatzTask(1 + part * 5_000, 1 + (part + 1) * 5_000);
            pool.execute(task);
            tasks.add(task);
        }
        List<Integer> all = new ArrayList<>();
        for (CollatzTask task : tasks) {
            all.addAll(task.join());
        }
        System.out.println("checksum=" + all.size() + ":" + all.hashCode());
    }
}
