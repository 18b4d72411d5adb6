package corpus.centralizedpooling.positive.sharedpool;

import java.util.ArrayList;
import java.util.List;

/** Counts palindromic numbers' strings with a task that submits to a static shared pool. */
public class PalindromeCount {

    static boolean isPalindrome(String s) {
        for (int i = 0, j = s.length() - 1; i < j; i++, j--) {
            if (s.charAt(i) != s.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            words.add(Integer.toString(i * 7 + 3));
        }
        int count = Pools.SHARED.invoke(new MatchCounter<>(words, PalindromeCount::isPalindrome, 0, words.size()));
        Pools.SHARED.shutdown();
        System.out.println("checksum=" + count);
    }
}
