package corpus.copyonfork.negative.partitionparts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.LongAdder;

import com.google.common.base.Function;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.Lists;

/**
 * Partitions handed to subtasks through functions instead of a for-each: a stream over the partition
 * whose map step creates the subtask, and Guava's transform with an anonymous Function that returns an
 * anonymous subtask reading its parameter. Guava's parts are subList views of the list, not copies, so
 * neither is a copy-on-fork.
 */
public class WordCounts {

    static final int LEAF = 64;

    static final class Letters extends RecursiveTask<Long> {
        private final List<String> words;

        Letters(List<String> words) {
            this.words = words;
        }

        @Override
        protected Long compute() {
            if (words.size() <= LEAF) {
                long letters = 0;
                for (String word : words) {
                    letters += word.length();
                }
                return letters;
            }
            List<Letters> parts = java.util.stream.Stream.of(Lists.partition(words, words.size() / 2))
                    .flatMap(Collection::stream)
                    .map(part -> new Letters(part))
                    .map(ForkJoinTask::fork)
                    .map(task -> (Letters) task)
                    .toList();
            long total = 0;
            for (Letters part : parts) {
                total += part.join();
            }
            return total;
        }
    }

    static RecursiveAction vowels(List<String> words, LongAdder out) {
        return new RecursiveAction() {
            @Override
            protected void compute() {
                if (words.size() <= LEAF) {
                    for (String word : words) {
                        out.add(word.chars().filter(c -> "aeiou".indexOf(c) >= 0).count());
                    }
                    return;
                }
                invokeAll(ImmutableList.copyOf(Lists.transform(Lists.partition(words, LEAF),
                        new Function<List<String>, RecursiveAction>() {
                            @Override
                            public RecursiveAction apply(List<String> part) {
                                return new RecursiveAction() {
                                    @Override
                                    protected void compute() {
                                        vowels(part, out).invoke();
                                    }
                                };
                            }
                        })));
            }
        };
    }

    public static void main(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            words.add("word" + (i * 31 % 977) + (i % 3 == 0 ? "ae" : "x"));
        }
        long letters = ForkJoinPool.commonPool().invoke(new Letters(words));
        LongAdder vowels = new LongAdder();
        ForkJoinPool.commonPool().invoke(vowels(words, vowels));
        System.out.println("checksum=" + (letters * 31 + vowels.sum()));
    }
}
