package corpus.sleepyworker.positive.spinflag;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;

/** Scoring leaves spin on a volatile "table ready" flag that a sibling loader, already joined, has set. */
public class SpinFlag {

    static final int THRESHOLD = 1_000;

    static final class Table {
        final long[] weights = new long[256];
        volatile boolean ready;
    }

    static final class LoadTable extends RecursiveAction {
        private final Table table;

        LoadTable(Table table) {
            this.table = table;
        }

        @Override
        protected void compute() {
            for (int i = 0; i < table.weights.length; i++) {
                table.weights[i] = (i * 37L) % 101;
            }
            table.ready = true;
        }
    }

    static final class Score extends RecursiveTask<Long> {
        private final Table table;
        private final byte[] symbols;
        private final int from;
        private final int to;

        Score(Table table, byte[] symbols, int from, int to) {
            this.table = table;
            this.symbols = symbols;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= THRESHOLD) {
                while (!table.ready) { // expect: sleepy-worker
                    Thread.onSpinWait();
                }
                long score = 0;
                for (int i = from; i < to; i++) {
                    score += table.weights[symbols[i] & 0xFF];
                }
                return score;
            }
            int mid = (from + to) >>> 1;
            Score left = new Score(table, symbols, from, mid);
            Score right = new Score(table, symbols, mid, to);
            left.fork();
            long rightScore = right.compute();
            return left.join() + rightScore;
        }
    }

    /** The root: loads the table in a forked sibling, joins it, then scores. */
    static final class LoadThenScore extends RecursiveTask<Long> {
        private final byte[] symbols;

        LoadThenScore(byte[] symbols) {
            this.symbols = symbols;
        }

        @Override
        protected Long compute() {
            Table table = new Table();
            LoadTable loader = new LoadTable(table);
            loader.fork();
            long parity = 0;
            for (byte symbol : symbols) {
                parity ^= symbol;
            }
            loader.join();
            return new Score(table, symbols, 0, symbols.length).invoke() * 2 + (parity & 1);
        }
    }

    public static void main(String[] args) {
        byte[] symbols = new byte[8_000];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = (byte) (i * 131);
        }
        long score = ForkJoinPool.commonPool().invoke(new LoadThenScore(symbols));
        System.out.println("checksum=" + score);
    }
}
