package corpus.copyonfork.negative.pipelinewhole;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of partitionparts: a stream's map step creates one subtask per element, but the elements are
 * whole lists the task was given (its own groups), not slices cut from its input, so nothing is copied.
 */
public class Totals {

    static final class GroupSum extends RecursiveTask<Long> {
        private final List<List<Integer>> groups;

        GroupSum(List<List<Integer>> groups) {
            this.groups = groups;
        }

        @Override
        protected Long compute() {
            if (groups.size() == 1) {
                long sum = 0;
                for (int value : groups.get(0)) {
                    sum += value;
                }
                return sum;
            }
            List<ForkJoinTask<Long>> tasks = groups.stream()
                    .map(group -> new GroupSum(List.of(group)))
                    .map(ForkJoinTask::fork)
                    .toList();
            long total = 0;
            for (ForkJoinTask<Long> task : tasks) {
                total += task.join();
            }
            return total;
        }
    }

    public static void main(String[] args) {
        List<List<Integer>> groups = new ArrayList<>();
        for (int g = 0; g < 40; g++) {
            List<Integer> group = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                group.add((g * 100 + i) % 97);
            }
            groups.add(group);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new GroupSum(groups)));
    }
}
