package corpus.forkall.positive.quadrants;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Sums a matrix by quadrants: all four are forked, then the worker waits for them in fork order. */
public class Quadrants {

    static class Block extends RecursiveTask<Long> {
        private final int[][] cells;
        private final int row;
        private final int col;
        private final int size;

        Block(int[][] cells, int row, int col, int size) {
            this.cells = cells;
            this.row = row;
            this.col = col;
            this.size = size;
        }

        @Override
        protected Long compute() {
            if (size <= 32) {
                long sum = 0;
                for (int r = row; r < row + size; r++) {
                    for (int c = col; c < col + size; c++) {
                        sum += cells[r][c];
                    }
                }
                return sum;
            }
            int half = size / 2;
            Block nw = new Block(cells, row, col, half);
            Block ne = new Block(cells, row, col + half, half);
            Block sw = new Block(cells, row + half, col, half);
            Block se = new Block(cells, row + half, col + half, half);
            nw.fork();
            ne.fork();
            sw.fork();
            se.fork(); // expect: fork-all
            long top = nw.join() + ne.join(); // expect: join-order
            long bottom = sw.join() + se.join();
            return top + bottom;
        }
    }

    public static void main(String[] args) {
        int[][] cells = new int[256][256];
        for (int r = 0; r < cells.length; r++) {
            for (int c = 0; c < cells[r].length; c++) {
                cells[r][c] = (r * 31 + c * 17) % 101;
            }
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Block(cells, 0, 0, 256)));
    }
}
