package corpus.scattereddata.positive.submitloop;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A layer builder that, for each class, computes the weights its tree needs and hands the tree's task to
 * the cluster's pool through a helper, then joins all trees in a second loop (the shape of h2o-2's
 * buildLayer and H2O.submitTask): preparation and starts interleave while workers already steal.
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
            for (int k = 0; k < classes; k++) { // expect: scattered-data
                int[] weights = {k + 1, 2 * k + 1, 3 * k + 1};
                submitTask(trees[k] = new OneTree(columns, weights));
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
