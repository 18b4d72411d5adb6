package corpus.copyonjoin.negative.createsubtasks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** addAll(createSubtasks()) gathers subtask objects for invokeAll; the joined counts are only added up. */
public class CreateSubtasks {

    static final int THRESHOLD = 800;
    static final int FAN_OUT = 4;

    static class VowelCount extends RecursiveTask<Integer> {
        private final String text;
        private final int from;
        private final int to;

        VowelCount(String text, int from, int to) {
            this.text = text;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= THRESHOLD) {
                int vowels = 0;
                for (int i = from; i < to; i++) {
                    if ("aeiou".indexOf(text.charAt(i)) >= 0) {
                        vowels++;
                    }
                }
                return vowels;
            }
            List<VowelCount> pending = new ArrayList<>();
            pending.addAll(createSubtasks());
            invokeAll(pending);
            int vowels = 0;
            for (VowelCount task : pending) {
                vowels += task.join();
            }
            return vowels;
        }

        private List<VowelCount> createSubtasks() {
            List<VowelCount> subtasks = new ArrayList<>();
            int step = (to - from + FAN_OUT - 1) / FAN_OUT;
            for (int lo = from; lo < to; lo += step) {
                subtasks.add(new VowelCount(text, lo, Math.min(lo + step, to)));
            }
            return subtasks;
        }
    }

    public static void main(String[] args) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            text.append((char) ('a' + (i * 7 + i / 5) % 26));
        }
        int vowels = ForkJoinPool.commonPool().invoke(new VowelCount(text.toString(), 0, text.length()));
        System.out.println("checksum=" + vowels);
    }
}
