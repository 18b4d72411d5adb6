package corpus.scattereddata.negative.collectinhelper;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The fixed shape across methods: a helper only builds the subtasks into a list; the task forks them
 * all with one invokeAll and then joins them in another helper.
 */
public class CollectInHelper {

    static final class Count extends RecursiveAction {
        final int depth;
        final int width;
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
            List<Count> subtasks = prepare(depth, width);
            invokeAll(subtasks);
            leaves = collect(subtasks);
        }

        private static List<Count> prepare(int depth, int width) {
            List<Count> children = new ArrayList<>();
            for (int i = 0; i < width; i++) {
                children.add(new Count(depth - 1, width));
            }
            return children;
        }

        private static long collect(List<Count> subtasks) {
            long total = 0;
            for (Count s : subtasks) {
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
