package corpus.copyonfork.negative.builtrange;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of builtframe: each subtask's frame is built around the same arrays with a column range, so
 * nothing is copied for it; the one frame built around a copy is the leaf's own, never handed on.
 */
public final class Columns {

    static final class Frame {
        final String[] names;
        final double[][] columns;
        final int from;
        final int to;

        Frame(String[] names, double[][] columns, int from, int to) {
            this.names = names;
            this.columns = columns;
            this.from = from;
            this.to = to;
        }
    }

    static final class ColumnSum extends RecursiveTask<Double> {
        private final Frame frame;

        ColumnSum(Frame frame) {
            this.frame = frame;
        }

        @Override
        protected Double compute() {
            int n = frame.to - frame.from;
            if (n <= 2) {
                Frame own = new Frame(frame.names, Arrays.copyOfRange(frame.columns, frame.from, frame.to), 0, n);
                double sum = 0;
                for (double[] column : own.columns) {
                    for (double value : column) {
                        sum += value;
                    }
                }
                return sum;
            }
            int mid = frame.from + n / 2;
            Frame low = new Frame(frame.names, frame.columns, frame.from, mid);
            Frame high = new Frame(frame.names, frame.columns, mid, frame.to);
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
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(
                new ColumnSum(new Frame(names, columns, 0, columns.length))));
    }
}
