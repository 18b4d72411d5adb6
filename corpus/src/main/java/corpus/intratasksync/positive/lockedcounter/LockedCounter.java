package corpus.intratasksync.positive.lockedcounter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** Counts palindromic words with a generic top-level task whose leaves share a lock-guarded counter. */
public class LockedCounter {

    static boolean isPalindrome(String word) {
        for (int i = 0, j = word.length() - 1; i < j; i++, j--) {
            if (word.charAt(i) != word.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            words.add(Integer.toString((i * 37) % 2_003));
        }
        CountMatches.Tally tally = new CountMatches.Tally();
        ForkJoinPool.commonPool().invoke(
                new CountMatches<>(words, LockedCounter::isPalindrome, tally, 0, words.size()));
        System.out.println("checksum=" + tally.count);
    }
}
