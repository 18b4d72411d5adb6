package corpus.copyonfork.positive.topscores;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A generic RecursiveTask<List<T>> (top-k selection) that hands each half to a subtask as a copied sublist. */
public class TopScores {

    static final class TopK<T> extends RecursiveTask<List<T>> {
        static final int THRESHOLD = 256;

        private final List<T> items;
        private final int k;
        private final Comparator<? super T> order;

        TopK(List<T> items, int k, Comparator<? super T> order) {
            this.items = items;
            this.k = k;
            this.order = order;
        }

        @Override
        protected List<T> compute() {
            int n = items.size();
            if (n <= THRESHOLD) {
                return best(items, k, order);
            }
            int mid = n / 2;
            List<T> firstHalf = new ArrayList<>(items.subList(0, mid)); // expect: copy-on-fork
            TopK<T> left = new TopK<>(firstHalf, k, order);
            TopK<T> right = new TopK<>(List.copyOf(items.subList(mid, n)), k, order); // expect: copy-on-fork
            left.fork();
            List<T> fromRight = right.compute();
            return mergeBest(left.join(), fromRight, k, order);
        }
    }

    /** The k greatest items, greatest first (insertion into a short sorted list). */
    static <T> List<T> best(List<T> items, int k, Comparator<? super T> order) {
        List<T> top = new ArrayList<>(k + 1);
        for (T item : items) {
            int at = top.size();
            while (at > 0 && order.compare(item, top.get(at - 1)) > 0) {
                at--;
            }
            if (at < k) {
                top.add(at, item);
                if (top.size() > k) {
                    top.remove(k);
                }
            }
        }
        return top;
    }

    static <T> List<T> mergeBest(List<T> a, List<T> b, int k, Comparator<? super T> order) {
        List<T> merged = new ArrayList<>(k);
        int i = 0;
        int j = 0;
        while (merged.size() < k && (i < a.size() || j < b.size())) {
            boolean takeA = j >= b.size() || (i < a.size() && order.compare(a.get(i), b.get(j)) >= 0);
            merged.add(takeA ? a.get(i++) : b.get(j++));
        }
        return merged;
    }

    public static void main(String[] args) {
        List<Integer> scores = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            scores.add((int) ((i * 7_919L) % 100_003));
        }
        List<Integer> top = ForkJoinPool.commonPool().invoke(new TopK<>(scores, 10, Comparator.<Integer>naturalOrder()));
        long checksum = 0;
        for (int rank = 0; rank < top.size(); rank++) {
            checksum += (long) top.get(rank) * (rank + 1);
        }
        System.out.println("checksum=" + checksum);
    }
}
