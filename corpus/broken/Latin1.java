package broken;

import java.util.Arrays;
import java.util.concurrent.RecursiveTask;

/**
 * Saved by an editor set to ISO-8859-1: "résumé", "naïve", "señor" and "© 2024" are single
 * bytes (0xE9, 0xEF, 0xF1, 0xA9) here, which is not valid UTF-8.
 */
public class Latin1 extends RecursiveTask<Long> {

    static final String LABEL = "somme calculée";

    private final long[] data;

    Latin1(long[] data) {
        this.data = data;
    }

    @Override
    protected Long compute() {
        if (data.length <= 1_000) {
            long sum = 0;
            for (long value : data) {
                sum += value;
            }
            return sum;
        }
        int mid = data.length / 2;
        // Copie de chaque moitié: the copy-on-fork rule should still see this file.
        Latin1 left = new Latin1(Arrays.copyOfRange(data, 0, mid));
        left.fork();
        return new Latin1(Arrays.copyOfRange(data, mid, data.length)).compute() + left.join();
    }
}
