package corpus.copyonjoin.positive.gridsum;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Counts points into a grid of buckets: each leaf fills a grid of its own, and every parent allocates a new
 * grid and adds its two children's grids into it cell by cell, at every level of the recursion.
 */
public class GridSum {

    static final int ROWS = 8;
    static final int COLS = 8;

    static class Buckets extends RecursiveTask<int[][]> {
        private final int[] points;
        private final int lo;
        private final int hi;

        Buckets(int[] points, int lo, int hi) {
            this.points = points;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected int[][] compute() {
            if (hi - lo <= 2_000) {
                int[][] grid = new int[ROWS][COLS];
                for (int i = lo; i < hi; i++) {
                    grid[points[i] % ROWS][points[i] / ROWS % COLS]++;
                }
                return grid;
            }
            Buckets left = new Buckets(points, lo, (lo + hi) / 2);
            Buckets right = new Buckets(points, (lo + hi) / 2, hi);
            left.fork();
            int[][] rightGrid = right.compute();
            int[][] leftGrid = left.join();
            int[][] combined = new int[ROWS][COLS];
            for (int r = 0; r < ROWS; r++) {
                for (int c = 0; c < COLS; c++) { // expect: copy-on-join
                    combined[r][c] = leftGrid[r][c] + rightGrid[r][c];
                }
            }
            return combined;
        }
    }

    public static void main(String[] args) {
        int[] points = new int[50_000];
        for (int i = 0; i < points.length; i++) {
            points[i] = i * 37 % 1_000;
        }
        int[][] grid = ForkJoinPool.commonPool().invoke(new Buckets(points, 0, points.length));
        long checksum = 0;
        for (int[] row : grid) {
            for (int cell : row) {
                checksum = checksum * 31 + cell;
            }
        }
        System.out.println("checksum=" + checksum);
    }
}
