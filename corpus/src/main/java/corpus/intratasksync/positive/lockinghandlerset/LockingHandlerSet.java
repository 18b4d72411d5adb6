package corpus.intratasksync.positive.lockinghandlerset;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The twin of the negative {@code HandlerSet}: here each leaf hands the parser the locking handler before it
 * parses, so every leaf's parse takes the one static lock of that handler.
 */
public class LockingHandlerSet {

    interface Handler {
        void handle(int value);

        long end();
    }

    interface Parser {
        void setHandler(Handler handler);

        void parse(int from, int to);
    }

    abstract static class AbstractParser implements Parser {
        protected Handler handler;

        @Override
        public void setHandler(Handler handler) {
            this.handler = handler;
        }
    }

    static class DigitParser extends AbstractParser {
        @Override
        public void parse(int from, int to) {
            for (int i = from; i < to; i++) {
                emit(i % 10);
            }
        }

        private void emit(int digit) {
            if (handler != null) {
                handler.handle(digit);
            }
        }
    }

    static class Counting implements Handler {
        final AtomicLong sum = new AtomicLong();

        @Override
        public void handle(int value) {
            sum.addAndGet(value);
        }

        @Override
        public long end() {
            return sum.get();
        }
    }

    static class Report implements Handler {
        static final Object LOCK = new Object();
        static long total;

        @Override
        public void handle(int value) {
            synchronized (LOCK) { // expect: intra-task-sync
                total += value;
            }
        }

        @Override
        public long end() {
            return total;
        }
    }

    static class ParseTask extends RecursiveAction {
        static final int LEAF = 1_000;
        private final Parser parser;
        private final Counting counting;
        private final int from;
        private final int to;

        ParseTask(Counting counting, int from, int to) {
            this.parser = new DigitParser();
            this.counting = counting;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= LEAF) {
                parser.setHandler(new Report());
                parser.parse(from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new ParseTask(counting, from, mid), new ParseTask(counting, mid, to));
        }
    }

    public static void main(String[] args) {
        Counting counting = new Counting();
        ForkJoinPool.commonPool().invoke(new ParseTask(counting, 0, 20_000));
        Parser report = new DigitParser();
        report.setHandler(new Report());
        report.parse(0, 100);
        System.out.println("checksum=" + (counting.sum.get() + Report.total));
    }
}
