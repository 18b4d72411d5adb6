package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A method reference handed to a call that runs it on the caller's thread ({@code forEach}, a stream step)
 * is followed like the lambda it stands for; the reference is the call site of the method it names.
 */
class MethodReferenceTest {

    @Test
    void synchronizedMethodNamedByThisReferenceInsideItsOwnMonitorIsNotEnteredAgain() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Notify.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        class Notify extends RecursiveAction {
                            private final List<Object> listeners;
                            private int told;
                            Notify(List<Object> listeners) {
                                this.listeners = listeners;
                            }
                            static Notify shared;
                            @Override
                            protected void compute() {
                                shared.flush();
                            }
                            synchronized void flush() { // expect: intra-task-sync
                                listeners.forEach(this::tell);
                            }
                            synchronized void tell(Object listener) {
                                told++;
                            }
                        }
                        """)
                .check();
    }

    @Test
    void instanceMethodReferenceOnTheTypeRunsOnEachElement() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Listener.java", """
                        package p;
                        class Listener {
                            private long seen;
                            synchronized void tell() { // expect: intra-task-sync
                                seen++;
                            }
                        }
                        """)
                .source("p/Notify.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        class Notify extends RecursiveAction {
                            private final List<Listener> listeners;
                            Notify(List<Listener> listeners) {
                                this.listeners = listeners;
                            }
                            @Override
                            protected void compute() {
                                flush();
                            }
                            void flush() {
                                listeners.forEach(Listener::tell);
                            }
                        }
                        """)
                .check();
    }

    @Test
    void libraryMethodsAndMethodsWithoutBodyAreNotFollowed() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Sink.java", """
                        package p;
                        interface Sink {
                            void put(Object value);
                        }
                        """)
                .source("p/Copy.java", """
                        package p;
                        import java.util.ArrayList;
                        import java.util.List;
                        import java.util.concurrent.RecursiveAction;
                        class Copy extends RecursiveAction {
                            private final List<Object> from;
                            private final Sink to;
                            Copy(List<Object> from, Sink to) {
                                this.from = from;
                                this.to = to;
                            }
                            @Override
                            protected void compute() {
                                List<Object> copy = new ArrayList<>();
                                from.forEach(copy::add);
                                from.forEach(to::put);
                                from.stream().map(String::valueOf).forEach(System.out::println);
                            }
                        }
                        """)
                .check();
    }
}
