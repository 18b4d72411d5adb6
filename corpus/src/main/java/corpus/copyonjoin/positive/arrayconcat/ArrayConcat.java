package corpus.copyonjoin.positive.arrayconcat;

import java.util.concurrent.ForkJoinPool;

/** Runs the top-level {@link EvenFilterTask}, which concatenates joined int[] results with System.arraycopy. */
public class ArrayConcat {

    public static void main(String[] args) {
        int[] values = new int[60_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 37 + 11) % 1_009;
        }
        int[] evens = ForkJoinPool.commonPool().invoke(new EvenFilterTask(values, 0, values.length));
        long checksum = 0;
        for (int i = 0; i < evens.length; i++) {
            checksum = checksum * 17 + evens[i];
        }
        System.out.println("checksum=" + evens.length + ":" + checksum);
    }
}
