package corpus.forkthenjoin.negative.mainforkjoin;

import java.util.concurrent.RecursiveTask;

/**
 * fork().join() from main: the task goes to the common pool and main waits, which is how a program outside
 * the pool starts one. It is not task code, so no worker wastes a fork.
 */
public class MainForkJoin {

    static class Fib extends RecursiveTask<Long> {
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 15) {
                return slow(n);
            }
            Fib minusOne = new Fib(n - 1);
            minusOne.fork();
            long minusTwo = new Fib(n - 2).compute();
            return minusTwo + minusOne.join();
        }

        private static long slow(int n) {
            return n < 2 ? n : slow(n - 1) + slow(n - 2);
        }
    }

    public static void main(String[] args) {
        Fib fib = new Fib(24);
        fib.fork();
        System.out.println("checksum=" + fib.join() + new Fib(20).fork().join());
    }
}
