package corpus.copyonjoin.positive.varpipeline;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.stream.Stream;

import com.google.common.collect.Lists;

/**
 * Modern Java with {@code var}: the subtasks come from a pipeline over Guava's partition that creates them
 * in a map step, and each result is copied into the parent's list (the shape of chess' piece builder).
 * Without Guava on the scan's classpath every step of that pipeline, and so {@code var task}, is untyped.
 */
public final class Squares {

    static final class Sub extends RecursiveTask<List<Long>> {
        private final List<Integer> values;

        Sub(List<Integer> values) {
            this.values = values;
        }

        @Override
        protected List<Long> compute() {
            if (values.size() <= 16) {
                var squares = new ArrayList<Long>();
                for (int value : values) {
                    squares.add((long) value * value);
                }
                return squares;
            }
            var tasks = Stream.of(Lists.partition(values, values.size() / 2))
                    .flatMap(Collection::stream)
                    .map(part -> new Sub(part))
                    .toList();
            ForkJoinTask.invokeAll(tasks);
            var all = new ArrayList<Long>();
            for (var task : tasks) {
                all.addAll(task.join()); // expect: copy-on-join
            }
            return all;
        }
    }

    public static void main(String[] args) {
        var values = new ArrayList<Integer>();
        for (int i = 0; i < 1_000; i++) {
            values.add(i % 97);
        }
        long sum = 0;
        for (long square : ForkJoinPool.commonPool().invoke(new Sub(values))) {
            sum += square;
        }
        System.out.println("checksum=" + sum);
    }
}
