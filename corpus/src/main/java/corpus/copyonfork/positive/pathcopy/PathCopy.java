package corpus.copyonfork.positive.pathcopy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A parallel tree search that copies the whole path so far for every child it forks. */
public class PathCopy {

    static class Paths extends RecursiveTask<Long> {
        private final List<Integer> path;
        private final int depth;

        Paths(List<Integer> path, int depth) {
            this.path = path;
            this.depth = depth;
        }

        @Override
        protected Long compute() {
            if (depth == 0) {
                long sum = 0;
                for (int step : path) {
                    sum = sum * 3 + step;
                }
                return sum % 1_000_003;
            }
            List<Integer> leftPath = new ArrayList<>(path); // expect: copy-on-fork
            leftPath.add(0);
            Paths left = new Paths(leftPath, depth - 1);
            left.fork();
            List<Integer> rightPath = new ArrayList<>(path); // expect: copy-on-fork
            rightPath.add(1);
            return (new Paths(rightPath, depth - 1).compute() + left.join()) % 1_000_003;
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Paths(new ArrayList<>(), 14)));
    }
}
