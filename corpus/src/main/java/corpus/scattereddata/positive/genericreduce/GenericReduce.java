package corpus.scattereddata.positive.genericreduce;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.function.BinaryOperator;

/** A generic reducer whose for loop creates and forks a generic part task per slice, then joins in order. */
public class GenericReduce {

    static class ParallelReduce<T> extends RecursiveTask<T> {
        private final List<T> items;
        private final BinaryOperator<T> op;
        private final T identity;
        private final int parts;

        ParallelReduce(List<T> items, BinaryOperator<T> op, T identity, int parts) {
            this.items = items;
            this.op = op;
            this.identity = identity;
            this.parts = parts;
        }

        @Override
        protected T compute() {
            int size = (items.size() + parts - 1) / parts;
            List<PartReduce<T>> forked = new ArrayList<>();
            for (int lo = 0; lo < items.size(); lo += size) {
                PartReduce<T> part = new PartReduce<>(items, op, identity, lo, Math.min(lo + size, items.size()));
                part.fork(); // expect: fork-all
                forked.add(part);
            }
            T result = identity;
            for (PartReduce<T> part : forked) {
                result = op.apply(result, part.join()); // expect: join-order
            }
            return result;
        }
    }

    static class PartReduce<T> extends RecursiveTask<T> {
        private final List<T> items;
        private final BinaryOperator<T> op;
        private final T identity;
        private final int from;
        private final int to;

        PartReduce(List<T> items, BinaryOperator<T> op, T identity, int from, int to) {
            this.items = items;
            this.op = op;
            this.identity = identity;
            this.from = from;
            this.to = to;
        }

        @Override
        protected T compute() {
            T result = identity;
            for (int i = from; i < to; i++) {
                result = op.apply(result, items.get(i));
            }
            return result;
        }
    }

    public static void main(String[] args) {
        List<Long> numbers = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            numbers.add((long) (i * 7) % 1_013);
            words.add("w" + Integer.toString(i * 37 % 5_003, 36));
        }
        ForkJoinPool pool = ForkJoinPool.commonPool();
        long sum = pool.invoke(new ParallelReduce<>(numbers, Long::sum, 0L, 6));
        String largest = pool.invoke(new ParallelReduce<>(words, (a, b) -> a.compareTo(b) >= 0 ? a : b, "", 5));
        System.out.println("checksum=" + sum + ":" + largest);
    }
}
