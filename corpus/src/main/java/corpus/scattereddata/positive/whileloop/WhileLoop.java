package corpus.scattereddata.positive.whileloop;

import java.util.concurrent.ForkJoinPool;

/** Runs the top-level {@link LineCounter}, whose while loop forks one {@link SegmentCount} per segment. */
public class WhileLoop {

    public static void main(String[] args) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 25_000; i++) {
            text.append(i % 41 == 0 ? '\n' : (char) ('a' + i % 26));
        }
        int lines = ForkJoinPool.commonPool().invoke(new LineCounter(text.toString(), 3_000));
        System.out.println("checksum=" + lines);
    }
}
