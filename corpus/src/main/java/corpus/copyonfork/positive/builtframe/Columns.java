package corpus.copyonfork.positive.builtframe;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A column store whose task builds a narrower frame for each subtask around fresh copies of the frame's
 * name and column arrays (the shape of h2o-2's tree builder): every level copies its columns again.
 */
public final class Columns {

    static final class Frame {
        final String[] names;
        final double[][] columns;

        Frame(String[] names, double[][] columns) {
            this.names = names;
            this.columns = columns;
        }
    }

    static final class ColumnSum extends RecursiveTask<Double> {
        private final Frame frame;

        ColumnSum(Frame frame) {
            this.frame = frame;
        }

        @Override
        protected Double compute() {
            int n = frame.columns.length;
            if (n <= 2) {
                double sum = 0;
                for (double[] column : frame.columns) {
                    for (double value : column) {
                        sum += value;
                    }
                }
                return sum;
            }
            int mid = n / 2;
            Frame low = new Frame(Arrays.copyOf(frame.names, mid), Arrays.copyOf(frame.columns, mid)); // expect: copy-on-fork
            Frame high = new Frame(Arrays.copyOfRange(frame.names, mid, n), // expect: copy-on-fork
                    Arrays.copyOfRange(frame.columns, mid, n));
            ColumnSum left = new ColumnSum(low);
            left.fork();
            return new ColumnSum(high).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        String[] names = new String[64];
        double[][] columns = new double[64][256];
        for (int c = 0; c < columns.length; c++) {
            names[c] = "c" + c;
            for (int r = 0; r < columns[c].length; r++) {
                columns[c][r] = (c * 31 + r) % 17;
            }
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new ColumnSum(new Frame(names, columns))));
    }
}
