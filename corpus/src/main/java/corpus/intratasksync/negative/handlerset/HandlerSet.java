package corpus.intratasksync.negative.handlerset;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A parser task hands the parser its own counting handler and then parses; the parser calls the handler it
 * holds in a field. Another handler locks, but only a report parsed on the main thread holds it: the call in
 * the parser runs the handler set on the parser the task parses with, not every handler in the program.
 */
public class HandlerSet {

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
            synchronized (LOCK) {
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
                parser.setHandler(counting);
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
