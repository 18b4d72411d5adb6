package corpus.copyonfork.positive.helpercopy;

import java.util.Arrays;

/** Array slicing helpers; each returns a fresh copy of part of its input. */
final class Slices {

    private Slices() {
    }

    static double[] prefix(double[] values, int length) {
        double[] out = new double[length];
        System.arraycopy(values, 0, out, 0, length);
        return out;
    }

    static double[] suffix(double[] values, int from) {
        return Arrays.copyOfRange(values, from, values.length);
    }
}
