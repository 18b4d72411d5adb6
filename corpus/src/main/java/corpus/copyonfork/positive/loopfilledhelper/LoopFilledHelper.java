package corpus.copyonfork.positive.loopfilledhelper;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A crawler-style task that moves half of its queue into a new queue, element by element, for the subtask. */
public class LoopFilledHelper {

    static class Count extends RecursiveTask<Long> {
        private final ConcurrentLinkedQueue<Integer> queue;

        Count(ConcurrentLinkedQueue<Integer> queue) {
            this.queue = queue;
        }

        private ConcurrentLinkedQueue<Integer> half(ConcurrentLinkedQueue<Integer> base) {
            int size = base.size() / 2;
            ConcurrentLinkedQueue<Integer> part = new ConcurrentLinkedQueue<>();
            for (int i = 0; i < size; i++) {
                part.offer(base.poll());
            }
            return part;
        }

        @Override
        protected Long compute() {
            if (queue.size() <= 100) {
                long sum = 0;
                Integer next;
                while ((next = queue.poll()) != null) {
                    sum += next % 11;
                }
                return sum;
            }
            Count right = new Count(half(queue)); // expect: copy-on-fork
            right.fork();
            return new Count(queue).compute() + right.join();
        }
    }

    public static void main(String[] args) {
        ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 10_000; i++) {
            queue.add(i);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Count(queue)));
    }
}
