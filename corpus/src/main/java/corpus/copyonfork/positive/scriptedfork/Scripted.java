package corpus.copyonfork.positive.scriptedfork;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * A fork/join DSL whose task bodies are scripts: the script calls the worker's forkChild(..) by name (here
 * through reflection, in GPars from Groovy closures), so no Java call reaches it. forkChild(..) forks, so it
 * runs on a pool worker: its copy of the arguments for every child is task code.
 */
public class Scripted {

    public static final class Worker extends RecursiveTask<Long> {
        private final String script;
        private final long[] args;
        private final List<Worker> children = new ArrayList<>();

        Worker(String script, long... args) {
            this.script = script;
            this.args = args;
        }

        public void forkChild(long... childArgs) {
            long[] copy = new long[childArgs.length];
            System.arraycopy(childArgs, 0, copy, 0, childArgs.length); // expect: copy-on-fork
            Worker child = new Worker(script, copy);
            children.add(child);
            child.fork();
        }

        public long childResults() {
            long sum = 0;
            for (Worker child : children) {
                sum += child.join();
            }
            return sum;
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
            Method fork = Worker.class.getMethod("forkChild", long[].class);
            fork.invoke(worker, (Object) new long[] {n - 1});
            fork.invoke(worker, (Object) new long[] {n - 2});
            return worker.childResults();
        }
    }

    public static void main(String[] args) {
        long fib = ForkJoinPool.commonPool().invoke(new Worker("fib", 20));
        System.out.println("checksum=" + fib);
    }
}
