package corpus.nosequentialcutoff.positive.fibonacci;

import jsr166y.ForkJoinPool;
import jsr166y.RecursiveTask;

/** The textbook Fibonacci task on the jsr166y backport: a task for every call, down to n <= 1. */
public class Fibonacci {

    static class Fib extends RecursiveTask<Integer> {
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 1) { // expect: no-sequential-cutoff
                return n;
            }
            Fib f1 = new Fib(n - 1);
            f1.fork();
            Fib f2 = new Fib(n - 2);
            return f2.compute() + f1.join();
        }
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(2);
        int result = pool.invoke(new Fib(20));
        pool.shutdown();
        System.out.println("checksum=" + result);
    }
}
