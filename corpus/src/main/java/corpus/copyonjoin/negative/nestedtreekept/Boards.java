package corpus.copyonjoin.negative.nestedtreekept;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of nestedtree: the search's board keeps the list the second task tree returns, and the only
 * copy of a tree's result is made by main, once, outside task code.
 */
public final class Boards {

    static final class PieceTask extends RecursiveTask<List<Integer>> {
        private final int from;
        private final int to;

        PieceTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected List<Integer> compute() {
            List<Integer> pieces = new ArrayList<>();
            for (int square = from; square < to; square++) {
                if (square % 3 == 0) {
                    pieces.add(square);
                }
            }
            return pieces;
        }
    }

    static List<Integer> board(ForkJoinPool pool, int move) {
        return pool.invoke(new PieceTask(move, move + 64)); // expect: centralized-pooling
    }

    static final class Search extends RecursiveTask<Long> {
        private final ForkJoinPool boards;
        private final int from;
        private final int to;

        Search(ForkJoinPool boards, int from, int to) {
            this.boards = boards;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 4) {
                long sum = 0;
                for (int move = from; move < to; move++) {
                    sum += board(boards, move).size();
                }
                return sum;
            }
            int mid = (from + to) >>> 1;
            Search left = new Search(boards, from, mid);
            left.fork();
            return new Search(boards, mid, to).compute() + left.join();
        }
    }

    public static void main(String[] args) {
        ForkJoinPool boards = new ForkJoinPool(2);
        try {
            List<Integer> first = new ArrayList<>(boards.invoke(new PieceTask(0, 64)));
            System.out.println("checksum=" + (first.size() + ForkJoinPool.commonPool().invoke(new Search(boards, 0, 64))));
        } finally {
            boards.shutdown();
        }
    }
}
