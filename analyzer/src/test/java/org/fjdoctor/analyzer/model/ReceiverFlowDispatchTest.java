package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call on a receiver of an ordinary interface (here one of two methods, so no functional interface) runs the implementations of the objects that flow to it,
 * not every implementation in the tree (rdf4j's parser task: {@code parser.setRDFHandler(this)} and then
 * {@code parser.parse(..)}, whose {@code rdfHandler.handleStatement(..)} used to reach every handler). A field
 * read on the object a call on the path was made on holds what a setter called on that same receiver, earlier
 * in the caller, stored in it.
 */
class ReceiverFlowDispatchTest {

    private static final String HANDLER = """
            package p;
            public interface Handler {
                void handle(int value);
                long end();
            }
            """;

    private static final String PARSER = """
            package p;
            public interface Parser {
                void setHandler(Handler handler);
                void parse(int count);
            }
            """;

    private static final String ABSTRACT_PARSER = """
            package p;
            public abstract class AbstractParser implements Parser {
                protected Handler handler;
                @Override
                public void setHandler(Handler handler) {
                    this.handler = handler;
                }
            }
            """;

    private static final String FAST_PARSER = """
            package p;
            public class FastParser extends AbstractParser {
                @Override
                public void parse(int count) {
                    for (int i = 0; i < count; i++) {
                        emit(i);
                    }
                }
                private void emit(int value) {
                    if (handler != null) {
                        handler.handle(value);
                    }
                }
            }
            """;

    /** Two handlers: the task's counts atomically, the other locks and only a plain thread's parser holds it. */
    private static final String HANDLERS = """
            package p;
            import java.util.concurrent.atomic.AtomicLong;
            public class Handlers {
                public static class Counting implements Handler {
                    final AtomicLong count = new AtomicLong();
                    @Override
                    public void handle(int value) {
                        count.incrementAndGet();
                    }
                    @Override
                    public long end() {
                        return count.get();
                    }
                }
                public static class Locking implements Handler {
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
            }
            """;

    private static final String TASK = """
            package p;
            import java.util.concurrent.ForkJoinPool;
            import java.util.concurrent.RecursiveAction;
            public class ParseTask extends RecursiveAction {
                private final Parser parser;
                public ParseTask(Parser parser) {
                    this.parser = parser;
                }
                @Override
                protected void compute() {
                    parser.setHandler(new Handlers.Counting());
                    parser.parse(100);
                }
                static void start() {
                    ForkJoinPool.commonPool().invoke(new ParseTask(new FastParser()));
                }
                static void plain() {
                    Parser other = new FastParser();
                    other.setHandler(new Handlers.Locking());
                    new Thread(() -> other.parse(3)).start();
                }
            }
            """;

    private RuleTester program(String handlers, String task) {
        return RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Handler.java", HANDLER)
                .source("p/Parser.java", PARSER)
                .source("p/AbstractParser.java", ABSTRACT_PARSER)
                .source("p/FastParser.java", FAST_PARSER)
                .source("p/Handlers.java", handlers)
                .source("p/ParseTask.java", task);
    }

    @Test
    void theHandlerSetOnTheParserIsTheOneItCalls() {
        program(HANDLERS, TASK).check();
    }

    @Test
    void aLockingHandlerSetOnTheTasksParserIsStillFound() {
        program(HANDLERS.replace("synchronized (LOCK) {",
                        "synchronized (LOCK) { // expect: intra-task-sync \"Locking.handle() (traced to 1 implementation\""),
                TASK.replace("new Handlers.Counting()", "new Handlers.Locking()")).check();
    }

    @Test
    void aHandlerOfUnknownOriginFallsBackToTheTypeAndSaysSo() {
        program(HANDLERS.replace("synchronized (LOCK) {",
                        "synchronized (LOCK) { // expect: intra-task-sync \"Locking.handle() (receiver not traced\""),
                TASK.replace("new Handlers.Counting()", "Registry.handler()")
                        .replace("static void plain() {", """
                                static class Registry {
                                        static Handler handler() {
                                            return null;
                                        }
                                    }
                                    static void plain() {""")).check();
    }
}
