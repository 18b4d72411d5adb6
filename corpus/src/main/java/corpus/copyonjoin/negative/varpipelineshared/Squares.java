package corpus.copyonjoin.negative.varpipelineshared;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.stream.Stream;

import com.google.common.collect.Lists;

/**
 * Near miss of varpipeline: an untyped {@code var} pipeline (it starts at Guava's newArrayList) creates the
 * subtasks, but they get index ranges and write into one shared output array, and the parent only joins
 * them: nothing is copied after a join.
 */
public final class Squares {

    static final class Sub extends RecursiveAction {
        private final List<Integer> values;
        private final long[] out;
        private final int from;
        private final int to;

        Sub(List<Integer> values, long[] out, int from, int to) {
            this.values = values;
            this.out = out;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 16) {
                for (int i = from; i < to; i++) {
                    long value = values.get(i);
                    out[i] = value * value;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            var tasks = Stream.of(Lists.newArrayList(from, mid))
                    .flatMap(Collection::stream)
                    .map(start -> new Sub(values, out, start, start == from ? mid : to))
                    .toList();
            ForkJoinTask.invokeAll(tasks);
            for (var task : tasks) {
                task.join();
            }
        }
    }

    public static void main(String[] args) {
        var values = new ArrayList<Integer>();
        for (int i = 0; i < 1_000; i++) {
            values.add(i % 97);
        }
        long[] out = new long[values.size()];
        ForkJoinPool.commonPool().invoke(new Sub(values, out, 0, values.size()));
        long sum = 0;
        for (long square : out) {
            sum += square;
        }
        System.out.println("checksum=" + sum);
    }
}
