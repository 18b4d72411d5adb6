package org.fjdoctor.analyzer.rules.sleepyworker;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A task that runs a job held in its own field ({@code f.run()} in {@code compute()}, {@code f} set by its
 * constructor and read back by {@code readObject}), made by a runtime's public API ({@code async(job)} ->
 * {@code asyncAt(place, job)} -> {@code runtime.asyncAt(place, job)} -> {@code new Task(job)}): every job
 * given to that API runs as a task, however many the program writes, and although the API is also called from
 * outside the sources. The same many functions run by a shared callback field of another class stay a generic
 * callback, bounded as before.
 */
class TaskJobFieldTest {

    private static final String JOB = """
            package p;
            public interface Job extends java.io.Serializable {
                void run() throws Exception;
            }
            """;

    private static final String CONSTRUCTS = """
            package p;
            public final class Constructs {
                static final Runtime RUNTIME = new Runtime();
                public static void asyncAt(int place, Job f) {
                    RUNTIME.asyncAt(place, f);
                }
                public static void async(Job f) {
                    asyncAt(0, f);
                }
                public static void asyncFork(Job f) {
                    RUNTIME.asyncAt(0, f);
                }
            }
            """;

    /** Forty jobs besides the one that sleeps: more than a call may dispatch to by its traced functions. */
    private static String manyJobs(String call) {
        return "package p;\nclass Many {\n" + IntStream.range(0, 40)
                .mapToObj(i -> "    void m" + i + "() { " + call.replace("N", String.valueOf(i)) + " }")
                .collect(Collectors.joining("\n")) + "\n}\n";
    }

    @Test
    void everyJobGivenToTheRuntimeRunsAsATask() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Job.java", JOB)
                .source("p/Task.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.ObjectInputStream;
                        import java.util.concurrent.RecursiveAction;
                        final class Task extends RecursiveAction {
                            private Job f;
                            Task(Job f) {
                                this.f = f;
                            }
                            @Override
                            protected void compute() {
                                try {
                                    f.run();
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            }
                            private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
                                f = (Job) in.readObject();
                            }
                        }
                        """)
                .source("p/Runtime.java", """
                        package p;
                        import java.util.concurrent.ForkJoinPool;
                        final class Runtime {
                            private final ForkJoinPool pool = new ForkJoinPool();
                            void asyncAt(int place, Job f) {
                                pool.execute(new Task(f));
                            }
                        }
                        """)
                .source("p/Constructs.java", CONSTRUCTS)
                .source("p/Many.java", manyJobs("Constructs.async(() -> System.out.println(N));"))
                .source("p/Monitor.java", """
                        package p;
                        class Monitor {
                            void start() {
                                Constructs.async(() -> {
                                    Thread.sleep(1000); // expect: sleepy-worker
                                });
                            }
                        }
                        """)
                .check();
    }

    @Test
    void manyFunctionsInAnotherClassesFieldStayAGenericCallback() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Job.java", JOB)
                .source("p/Slot.java", """
                        package p;
                        final class Slot {
                            private Job f;
                            Slot(Job f) {
                                this.f = f;
                            }
                            void fire() throws Exception {
                                f.run();
                            }
                        }
                        """)
                .source("p/Task.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        final class Task extends RecursiveAction {
                            private final Slot slot;
                            Task(Slot slot) {
                                this.slot = slot;
                            }
                            @Override
                            protected void compute() {
                                try {
                                    slot.fire();
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            }
                        }
                        """)
                .source("p/Runtime.java", """
                        package p;
                        import java.util.concurrent.ForkJoinPool;
                        final class Runtime {
                            private final ForkJoinPool pool = new ForkJoinPool();
                            void asyncAt(int place, Job f) {
                                pool.execute(new Task(new Slot(f)));
                            }
                        }
                        """)
                .source("p/Constructs.java", CONSTRUCTS)
                .source("p/Many.java", manyJobs("Constructs.async(() -> System.out.println(N));"))
                .source("p/Monitor.java", """
                        package p;
                        class Monitor {
                            void start() {
                                Constructs.async(() -> {
                                    Thread.sleep(1000);
                                });
                            }
                        }
                        """)
                .check();
    }
}
