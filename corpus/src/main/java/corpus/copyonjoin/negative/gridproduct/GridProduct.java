package corpus.copyonjoin.negative.gridproduct;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The twin of gridsum whose combine the algorithm needs: each parent multiplies its children's 2x2 matrices
 * (a product of the halves' transfer matrices), which no child could have written in place.
 */
public class GridProduct {

    static class Transfer extends RecursiveTask<long[][]> {
        private final int lo;
        private final int hi;

        Transfer(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected long[][] compute() {
            if (hi - lo <= 1_000) {
                long[][] m = {{1, 0}, {0, 1}};
                for (int i = lo; i < hi; i++) {
                    long a = (m[0][0] + m[0][1] * (i % 3)) % 1_000_003;
                    long b = (m[1][0] + m[1][1] * (i % 3)) % 1_000_003;
                    m = new long[][] {{m[0][1], a}, {m[1][1], b}};
                }
                return m;
            }
            Transfer left = new Transfer(lo, (lo + hi) / 2);
            Transfer right = new Transfer((lo + hi) / 2, hi);
            left.fork();
            long[][] y = right.compute();
            long[][] x = left.join();
            long[][] product = new long[2][2];
            for (int r = 0; r < 2; r++) {
                for (int c = 0; c < 2; c++) {
                    product[r][c] = (x[r][0] * y[0][c] + x[r][1] * y[1][c]) % 1_000_003;
                }
            }
            return product;
        }
    }

    public static void main(String[] args) {
        long[][] m = ForkJoinPool.commonPool().invoke(new Transfer(0, 20_000));
        System.out.println("checksum=" + (m[0][0] * 31 + m[0][1] * 17 + m[1][0] * 7 + m[1][1]));
    }
}
