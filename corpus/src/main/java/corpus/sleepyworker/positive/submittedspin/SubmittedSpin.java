package corpus.sleepyworker.positive.submittedspin;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** Lambdas submitted to a ForkJoinPool spin in a for loop without update until a board is published. */
public class SubmittedSpin {

    static final int ROWS = 4;
    static final int COLUMNS = 64;

    static final class Board {
        final long[][] cells = new long[ROWS][COLUMNS];
        volatile boolean published;
    }

    static void publish(Board board) {
        for (int r = 0; r < ROWS; r++) {
            for (int c = 0; c < COLUMNS; c++) {
                board.cells[r][c] = (r + 1L) * (c * 17 % 29);
            }
        }
        board.published = true;
    }

    static long readRow(Board board, int row) {
        for (; !board.published; ) { // expect: sleepy-worker
            Thread.onSpinWait();
        }
        long sum = 0;
        for (long cell : board.cells[row]) {
            sum += cell;
        }
        return sum;
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        Board board = new Board();
        pool.submit(() -> publish(board)).join();
        List<ForkJoinTask<Long>> readers = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            int row = r;
            readers.add(pool.submit(() -> readRow(board, row)));
        }
        long checksum = 0;
        for (ForkJoinTask<Long> reader : readers) {
            checksum = checksum * 1_000 + reader.join();
        }
        pool.shutdown();
        System.out.println("checksum=" + checksum);
    }
}
