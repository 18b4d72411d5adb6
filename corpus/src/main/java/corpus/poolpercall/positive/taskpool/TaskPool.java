package corpus.poolpercall.positive.taskpool;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Task code builds a fresh pool for every chunk it hands on, instead of forking onto its own. */
public class TaskPool {

    static class Scale extends RecursiveTask<Long> {
        private final int[] data;
        private final int from;
        private final int to;

        Scale(int[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += data[i] * 3L;
            }
            return sum;
        }
    }

    static class Driver extends RecursiveAction {
        private final int[] data;
        long result;

        Driver(int[] data) {
            this.data = data;
        }

        @Override
        protected void compute() {
            int half = data.length / 2;
            result = new ForkJoinPool(2).invoke(new Scale(data, 0, half)) // expect: pool-per-call, centralized-pooling
                    + new Scale(data, half, data.length).compute();
        }
    }

    public static void main(String[] args) {
        int[] data = new int[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 97;
        }
        Driver driver = new Driver(data);
        ForkJoinPool.commonPool().invoke(driver);
        System.out.println("checksum=" + driver.result);
    }
}
