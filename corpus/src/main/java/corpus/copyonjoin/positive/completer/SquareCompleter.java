package corpus.copyonjoin.positive.completer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;

/** A CountedCompleter whose onCompletion copies both children's getRawResult() lists into a new one. */
public class SquareCompleter {

    static final int THRESHOLD = 1_500;

    static class SquaresTask extends CountedCompleter<List<Long>> {
        private final int[] input;
        private final int from;
        private final int to;
        private SquaresTask left;
        private SquaresTask right;
        private List<Long> result;

        SquaresTask(CountedCompleter<?> parent, int[] input, int from, int to) {
            super(parent);
            this.input = input;
            this.from = from;
            this.to = to;
        }

        @Override
        public void compute() {
            if (to - from > THRESHOLD) {
                int mid = (from + to) >>> 1;
                left = new SquaresTask(this, input, from, mid);
                right = new SquaresTask(this, input, mid, to);
                setPendingCount(1);
                left.fork();
                right.compute();
                return;
            }
            List<Long> squares = new ArrayList<>();
            for (int i = from; i < to; i++) {
                if (input[i] % 5 == 1) {
                    squares.add((long) input[i] * input[i]);
                }
            }
            result = squares;
            tryComplete();
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            if (left != null) {
                List<Long> merged = new ArrayList<>(left.getRawResult()); // expect: copy-on-join
                merged.addAll(right.getRawResult()); // expect: copy-on-join
                result = merged;
            }
        }

        @Override
        public List<Long> getRawResult() {
            return result;
        }
    }

    public static void main(String[] args) {
        int[] input = new int[40_000];
        for (int i = 0; i < input.length; i++) {
            input[i] = (i * 13 + 7) % 2_003;
        }
        List<Long> squares = ForkJoinPool.commonPool().invoke(new SquaresTask(null, input, 0, input.length));
        long checksum = 0;
        for (long square : squares) {
            checksum = checksum * 7 + square;
        }
        System.out.println("checksum=" + squares.size() + ":" + checksum);
    }
}
