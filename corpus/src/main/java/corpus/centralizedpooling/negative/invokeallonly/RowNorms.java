package corpus.centralizedpooling.negative.invokeallonly;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Task code that uses invokeAll(..) and task.invoke() only: the pool is never called from compute(). */
public class RowNorms {

    static final class RowNorm extends RecursiveTask<Long> {
        private final int[] row;

        RowNorm(int[] row) {
            this.row = row;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int v : row) {
                sum += (long) v * v;
            }
            return sum;
        }
    }

    static final class NormRows extends RecursiveAction {
        static final int ROWS_PER_LEAF = 4;

        private final int[][] matrix;
        private final long[] norms;
        private final int from;
        private final int to;

        NormRows(int[][] matrix, long[] norms, int from, int to) {
            this.matrix = matrix;
            this.norms = norms;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from > 2 * ROWS_PER_LEAF) {
                int mid = (from + to) >>> 1;
                invokeAll(new NormRows(matrix, norms, from, mid), new NormRows(matrix, norms, mid, to));
                return;
            }
            List<RowNorm> rows = new ArrayList<>();
            for (int r = from; r < to; r++) {
                rows.add(new RowNorm(matrix[r]));
            }
            ForkJoinTask.invokeAll(rows);
            for (int i = 0; i < rows.size(); i++) {
                norms[from + i] = rows.get(i).join();
            }
            if (from == 0) {
                norms[0] = new RowNorm(matrix[0]).invoke();
            }
        }
    }

    public static void main(String[] args) {
        int[][] matrix = new int[64][500];
        for (int r = 0; r < matrix.length; r++) {
            for (int c = 0; c < matrix[r].length; c++) {
                matrix[r][c] = (r * 31 + c * 7) % 101 - 50;
            }
        }
        long[] norms = new long[matrix.length];
        ForkJoinPool pool = new ForkJoinPool(4);
        pool.invoke(new NormRows(matrix, norms, 0, matrix.length));
        pool.shutdown();
        long checksum = 0;
        for (int r = 0; r < norms.length; r++) {
            checksum += norms[r] * (r + 1);
        }
        System.out.println("checksum=" + checksum);
    }
}
