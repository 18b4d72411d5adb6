package corpus.scattereddata.negative.forkinhelper;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Forks across methods: a helper builds and forks one subtask per candidate, linking them, and hands the
 * list back; the task joins them in another helper. No data is prepared for a subtask besides the subtask
 * itself, so this is no scattered data.
 */
public class ForkInHelper {

    static final class Count extends RecursiveAction {
        final int depth;
        final int width;
        Count next; // links the subtasks one helper forks
        long leaves;

        Count(int depth, int width) {
            this.depth = depth;
            this.width = width;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                leaves = 1;
                return;
            }
            Count subtasks = spawn(depth, width);
            leaves = collect(subtasks);
        }

        private static Count spawn(int depth, int width) {
            Count last = null;
            for (int i = 0; i < width; i++) {
                Count child = new Count(depth - 1, width);
                child.next = last;
                child.fork();
                last = child;
            }
            return last;
        }

        private static long collect(Count subtasks) {
            long total = 0;
            for (Count s = subtasks; s != null; s = s.next) {
                s.join();
                total += s.leaves;
            }
            return total;
        }
    }

    public static void main(String[] args) {
        Count root = new Count(6, 4);
        ForkJoinPool.commonPool().invoke(root);
        System.out.println("checksum=" + root.leaves);
    }
}
