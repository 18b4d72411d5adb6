package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * RTA in a library: a public abstract class that no source class extends is made by the library's users
 * (JAAC's {@code LocalActor}), so a call through its interface may run the methods it declares. An
 * abstract class that source classes extend is represented by them.
 */
class ExtensionPointTest {

    private static final String INBOX = """
            package lib;
            public interface Inbox {
                void post(long message);
            }
            """;

    private static final String MAILBOX = """
            package lib;
            public abstract class Mailbox implements Inbox {
                private final Object lock = new Object();
                private long last;
                @Override
                public void post(long message) {
                    synchronized (lock) { // expect: intra-task-sync
                        last = message;
                    }
                }
            }
            """;

    private static final String TASK = """
            package lib;
            import java.util.concurrent.RecursiveAction;
            public class Deliver extends RecursiveAction {
                private final Inbox to;
                public Deliver(Inbox to) {
                    this.to = to;
                }
                @Override
                protected void compute() {
                    to.post(42L);
                }
            }
            """;

    @Test
    void abstractClassNoSourceClassExtendsIsMadeByTheLibrarysUsers() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Inbox.java", INBOX)
                .source("lib/Mailbox.java", MAILBOX)
                .source("lib/Deliver.java", TASK)
                .check();
    }

    @Test
    void abstractClassWithSourceSubclassesIsRepresentedByThem() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Inbox.java", INBOX)
                .source("lib/Mailbox.java", MAILBOX.replace(" // expect: intra-task-sync", ""))
                .source("lib/Counter.java", """
                        package lib;
                        public class Counter extends Mailbox {
                            private long count;
                            @Override
                            public void post(long message) {
                                count += message;
                            }
                            public static Counter create() {
                                return new Counter();
                            }
                        }
                        """)
                .source("lib/Deliver.java", TASK)
                .check();
    }

    @Test
    void packagePrivateAbstractClassIsNoExtensionPoint() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Inbox.java", INBOX)
                .source("lib/Mailbox.java", MAILBOX.replace(" // expect: intra-task-sync", "")
                        .replace("public abstract class", "abstract class"))
                .source("lib/Deliver.java", TASK)
                .check();
    }

    @Test
    void behindALibraryInterfaceOnlyWhatATaskCreatesCounts() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Job.java", """
                        package lib;
                        public abstract class Job implements Runnable {
                            private final Object lock = new Object();
                            @Override
                            public void run() {
                                synchronized (lock) {
                                    lock.notifyAll();
                                }
                            }
                        }
                        """)
                .source("lib/Deliver.java", """
                        package lib;
                        import java.util.concurrent.RecursiveAction;
                        public class Deliver extends RecursiveAction {
                            private final Runnable then;
                            public Deliver(Runnable then) {
                                this.then = then;
                            }
                            @Override
                            protected void compute() {
                                then.run();
                            }
                        }
                        """)
                .check();
    }
}
