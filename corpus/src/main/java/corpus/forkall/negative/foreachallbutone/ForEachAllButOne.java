package corpus.forkall.negative.foreachallbutone;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The twin of foreachforks written well: all subtasks but the first are forked with a forEach, the first runs
 * on this worker, and the joins walk the forked ones last-forked first.
 */
public class ForEachAllButOne {

    static final int PARTS = 4;

    static class Squares extends RecursiveTask<Long> {
        private final int from;
        private final int to;

        Squares(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 5_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum += (long) i * i % 1_000;
                }
                return sum;
            }
            int step = (to - from + PARTS - 1) / PARTS;
            List<Squares> parts = IntStream.range(0, PARTS)
                    .mapToObj(p -> new Squares(Math.min(to, from + p * step), Math.min(to, from + (p + 1) * step)))
                    .collect(Collectors.toList());
            List<Squares> forked = parts.subList(1, parts.size());
            forked.forEach(ForkJoinTask::fork);
            long sum = parts.get(0).compute();
            for (int i = forked.size() - 1; i >= 0; i--) {
                sum += forked.get(i).join();
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Squares(0, 100_000)));
    }
}
