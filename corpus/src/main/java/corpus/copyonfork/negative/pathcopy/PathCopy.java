package corpus.copyonfork.negative.pathcopy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A parallel tree search that gives every child its own path: the path so far plus the child's step. Each
 * branch needs a path of its own, so the copy is per-branch state the algorithm needs, not a slice of the
 * input copied for a subtask (copy-on-fork).
 */
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
            List<Integer> leftPath = new ArrayList<>(path);
            leftPath.add(0);
            Paths left = new Paths(leftPath, depth - 1);
            left.fork();
            List<Integer> rightPath = new ArrayList<>(path);
            rightPath.add(1);
            return (new Paths(rightPath, depth - 1).compute() + left.join()) % 1_000_003;
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Paths(new ArrayList<>(), 14)));
    }
}
