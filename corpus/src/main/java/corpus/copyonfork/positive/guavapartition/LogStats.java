package corpus.copyonfork.positive.guavapartition;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.Lists;

/** Guava slicing for subtasks: partition views for a wide split, ImmutableList.copyOf copies for a binary one. */
public class LogStats {

    static final class ErrorWeight extends RecursiveTask<Long> {
        static final int THRESHOLD = 200;
        static final int WIDE = 4_000;
        static final int FANOUT = 4;

        private final List<String> lines;

        ErrorWeight(List<String> lines) {
            this.lines = lines;
        }

        @Override
        protected Long compute() {
            int n = lines.size();
            if (n <= THRESHOLD) {
                long weight = 0;
                for (String line : lines) {
                    if (line.startsWith("ERROR")) {
                        weight += line.length();
                    }
                }
                return weight;
            }
            if (n >= WIDE) {
                List<ErrorWeight> parts = new ArrayList<>();
                for (List<String> part : Lists.partition(lines, (n + FANOUT - 1) / FANOUT)) {
                    parts.add(new ErrorWeight(part));
                }
                invokeAll(parts);
                long total = 0;
                for (ErrorWeight part : parts) {
                    total += part.join();
                }
                return total;
            }
            int mid = n / 2;
            ErrorWeight left = new ErrorWeight(ImmutableList.copyOf(lines.subList(0, mid))); // expect: copy-on-fork
            ErrorWeight right = new ErrorWeight(ImmutableList.copyOf(lines.subList(mid, n))); // expect: copy-on-fork
            left.fork();
            long fromRight = right.compute();
            return left.join() + fromRight;
        }
    }

    public static void main(String[] args) {
        List<String> lines = new ArrayList<>();
        String[] levels = {"INFO", "DEBUG", "ERROR", "WARN"};
        for (int i = 0; i < 10_000; i++) {
            lines.add(levels[(i * 7) % levels.length] + " request " + (i % 313));
        }
        long weight = ForkJoinPool.commonPool().invoke(new ErrorWeight(lines));
        System.out.println("checksum=" + weight);
    }
}
