package corpus.scattereddata.negative.submitafter;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of submitloop: the first loop only prepares every tree's task, a second loop starts them all
 * and a third joins them (prepare all, start all, join all), so no preparation runs between starts.
 */
public final class Trees {

    static final ForkJoinPool POOL = new ForkJoinPool(2);

    static <T> RecursiveTask<T> submitTask(RecursiveTask<T> task) {
        POOL.submit(task); // expect: centralized-pooling
        return task;
    }

    static final class OneTree extends RecursiveTask<Long> {
        private final int[] columns;
        private final int[] weights;

        OneTree(int[] columns, int[] weights) {
            this.columns = columns;
            this.weights = weights;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = 0; i < columns.length; i++) {
                sum += columns[i] * (long) weights[i % weights.length];
            }
            return sum;
        }
    }

    static final class Layer extends RecursiveTask<Long> {
        private final int[] columns;
        private final int classes;

        Layer(int[] columns, int classes) {
            this.columns = columns;
            this.classes = classes;
        }

        @Override
        protected Long compute() {
            @SuppressWarnings("unchecked")
            RecursiveTask<Long>[] trees = new RecursiveTask[classes];
            for (int k = 0; k < classes; k++) {
                int[] weights = {k + 1, 2 * k + 1, 3 * k + 1};
                trees[k] = new OneTree(columns, weights);
            }
            for (RecursiveTask<Long> tree : trees) {
                submitTask(tree);
            }
            long total = 0;
            for (int k = 0; k < classes; k++) {
                total += trees[k].join();
            }
            return total;
        }
    }

    public static void main(String[] args) {
        int[] columns = new int[512];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = i % 13;
        }
        try {
            System.out.println("checksum=" + POOL.invoke(new Layer(columns, 8)));
        } finally {
            POOL.shutdown();
        }
    }
}
