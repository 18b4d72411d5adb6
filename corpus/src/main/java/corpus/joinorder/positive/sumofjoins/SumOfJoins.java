package corpus.joinorder.positive.sumofjoins;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** On the jsr166y backport: three parts forked and their results added in fork order in one expression. */
public class SumOfJoins {

    static class Collatz extends RecursiveTask<Integer> {
        private final int from;
        private final int to;

        Collatz(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1_000) {
                int steps = 0;
                for (int i = Math.max(1, from); i < to; i++) {
                    for (long n = i; n != 1; n = n % 2 == 0 ? n / 2 : 3 * n + 1) {
                        steps++;
                    }
                }
                return steps;
            }
            int third = (to - from) / 3;
            Collatz low = new Collatz(from, from + third);
            Collatz middle = new Collatz(from + third, from + 2 * third);
            Collatz high = new Collatz(from + 2 * third, to);
            low.fork();
            middle.fork();
            high.fork(); // expect: fork-all
            return low.join() + middle.join() + high.join(); // expect: join-order
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + new ForkJoinPool(2).invoke(new Collatz(0, 20_000)));
    }
}
