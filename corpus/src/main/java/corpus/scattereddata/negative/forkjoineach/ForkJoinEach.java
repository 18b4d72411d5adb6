package corpus.scattereddata.negative.forkjoineach;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Each iteration forks half a row, sums the other half itself and joins before the next row: no join after the loop. */
public class ForkJoinEach {

    static final int COLUMNS = 2_000;

    static class MatrixSum extends RecursiveTask<Long> {
        private final int[][] rows;

        MatrixSum(int[][] rows) {
            this.rows = rows;
        }

        @Override
        protected Long compute() {
            long total = 0;
            for (int r = 0; r < rows.length; r++) {
                int half = rows[r].length / 2;
                RowPart left = new RowPart(rows[r], 0, half);
                left.fork();
                long own = new RowPart(rows[r], half, rows[r].length).compute();
                total += own + left.join();
            }
            return total;
        }
    }

    static class RowPart extends RecursiveTask<Long> {
        private final int[] row;
        private final int from;
        private final int to;

        RowPart(int[] row, int from, int to) {
            this.row = row;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                sum += row[i];
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        int[][] rows = new int[40][COLUMNS];
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < COLUMNS; c++) {
                rows[r][c] = (r * 131 + c * 7) % 503;
            }
        }
        long total = ForkJoinPool.commonPool().invoke(new MatrixSum(rows));
        System.out.println("checksum=" + total);
    }
}
