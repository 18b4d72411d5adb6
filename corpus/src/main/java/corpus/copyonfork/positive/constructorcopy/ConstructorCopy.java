package corpus.copyonfork.positive.constructorcopy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Call sites hand the subtasks views (no copy), but the subtask's constructor copies them defensively anyway. */
public class ConstructorCopy {

    static final int THRESHOLD = 500;

    static class Total extends RecursiveTask<Long> {
        private final List<Integer> items;

        Total(List<Integer> items) {
            this.items = new ArrayList<>(items); // expect: copy-on-fork
        }

        @Override
        protected Long compute() {
            if (items.size() <= THRESHOLD) {
                long sum = 0;
                for (int item : items) {
                    sum += item;
                }
                return sum;
            }
            int mid = items.size() / 2;
            Total left = new Total(items.subList(0, mid));
            left.fork();
            return new Total(items.subList(mid, items.size())).compute() + left.join();
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
