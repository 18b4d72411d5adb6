package corpus.copyonjoin.positive.treemerge;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Indexes the last position of every word of a range in a sorted map; the parent copies the left map into
 * a new one with putAll, then puts the right one over it.
 */
public class TreeMerge {

    static final int THRESHOLD = 400;

    static class IndexTask extends RecursiveTask<TreeMap<String, Integer>> {
        private final String[] words;
        private final int from;
        private final int to;

        IndexTask(String[] words, int from, int to) {
            this.words = words;
            this.from = from;
            this.to = to;
        }

        @Override
        protected TreeMap<String, Integer> compute() {
            if (to - from <= THRESHOLD) {
                TreeMap<String, Integer> last = new TreeMap<>();
                for (int i = from; i < to; i++) {
                    last.put(words[i], i);
                }
                return last;
            }
            int mid = (from + to) >>> 1;
            IndexTask left = new IndexTask(words, from, mid);
            IndexTask right = new IndexTask(words, mid, to);
            left.fork();
            TreeMap<String, Integer> rightLast = right.compute();
            TreeMap<String, Integer> merged = new TreeMap<>();
            merged.putAll(left.join()); // expect: copy-on-join
            merged.putAll(rightLast); // expect: copy-on-join
            return merged;
        }
    }

    public static void main(String[] args) {
        String[] words = new String[12_000];
        for (int i = 0; i < words.length; i++) {
            words[i] = "w" + (i * 7 + i / 11) % 997;
        }
        TreeMap<String, Integer> last = ForkJoinPool.commonPool().invoke(new IndexTask(words, 0, words.length));
        long checksum = 0;
        for (Map.Entry<String, Integer> entry : last.entrySet()) {
            checksum = checksum * 31 + entry.getKey().hashCode() * 17L + entry.getValue();
        }
        System.out.println("checksum=" + last.size() + ":" + checksum);
    }
}
