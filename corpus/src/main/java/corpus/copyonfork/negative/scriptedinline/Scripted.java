package corpus.copyonfork.negative.scriptedinline;

import java.lang.reflect.Method;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Near miss of scriptedfork: the script calls the worker's runChild(..) by name, which copies the arguments
 * but computes the child in place; nothing forks there, so it is no hand-off to a subtask (and a caller
 * outside the pool may use it as well).
 */
public class Scripted {

    public static final class Worker extends RecursiveTask<Long> {
        private final String script;
        private final long[] args;

        Worker(String script, long... args) {
            this.script = script;
            this.args = args;
        }

        public long runChild(long... childArgs) {
            long[] copy = new long[childArgs.length];
            System.arraycopy(childArgs, 0, copy, 0, childArgs.length);
            return new Worker(script, copy).compute();
        }

        @Override
        protected Long compute() {
            try {
                Method body = Scripts.class.getMethod(script, Worker.class, long[].class);
                return (Long) body.invoke(null, this, args);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class Scripts {
        public static Long fib(Worker worker, long[] args) throws ReflectiveOperationException {
            long n = args[0];
            if (n < 2) {
                return n;
            }
            Method child = Worker.class.getMethod("runChild", long[].class);
            return (Long) child.invoke(worker, (Object) new long[] {n - 1})
                    + (Long) child.invoke(worker, (Object) new long[] {n - 2});
        }
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Worker("fib", 16)));
    }
}
