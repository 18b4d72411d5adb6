package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A task class's {@code compute()} is task code only where something creates the class: a {@code new} of it or a
 * subclass, an anonymous subclass, {@code Task::new}. A task class that is only imported, or whose {@code new} is
 * commented out, never runs in a program. A library's tasks are created by the library's users: in sources
 * without a {@code main} (outside test sources) a task nothing creates stays an entry, named so.
 */
class UncreatedTaskTest {

    private static final String REGISTRY = """
            package p;
            public class Registry {
                static final Object LOCK = new Object();
                static int count;
                public static void add() {
                    synchronized (LOCK) {MARK
                        count++;
                    }
                }
            }
            """;

    /** {@code Tick}, a task that locks the registry, is {@code modifiers}; {@code Server} holds {@code server}. */
    private static void check(String modifiers, String server, String expected) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Registry.java", REGISTRY.replace("MARK", expected == null ? ""
                        : " // expect: intra-task-sync \"" + expected + "\""))
                .source("p/Tick.java", """
                        package p;
                        import java.util.concurrent.*;
                        MODIFIERS class Tick extends RecursiveAction {
                            @Override
                            protected void compute() {
                                Registry.add();
                            }
                        }
                        """.replace("MODIFIERS", modifiers))
                .source("p/Server.java", """
                        package p;
                        import java.util.concurrent.*;
                        public class Server {
                        SERVER
                        }
                        """.replace("SERVER", server))
                .check();
    }

    private static final String MAIN = """
                public static void main(String[] args) {
                    System.out.println("up");
                }
            """;

    @Test
    void aTaskNothingCreatesIsNoEntry() {
        check("", MAIN + """
                    void tick() {
                        // new Tick().fork();
                    }
                """, null);
        check("public", MAIN, null); // a program's public class is not created by anyone else
    }

    @Test
    void aTaskSomethingCreatesIsAnEntry() {
        check("", MAIN + """
                    void tick() {
                        new Tick().fork();
                    }
                """, "static field Registry.LOCK");
        check("", MAIN + """
                    void tick() {
                        ForkJoinPool.commonPool().invoke(new Tick() {});
                    }
                """, "static field Registry.LOCK");
        check("", MAIN + """
                    static class Slow extends Tick {
                    }
                    void tick() {
                        ForkJoinPool.commonPool().invoke(new Slow());
                    }
                """, "static field Registry.LOCK");
        check("", MAIN + """
                    void tick() {
                        java.util.function.Supplier<Tick> make = Tick::new;
                        make.get().fork();
                    }
                """, "static field Registry.LOCK");
    }

    @Test
    void aLibrarysTaskIsCreatedByItsUsers() {
        check("public", "", "a task of a library: no source here creates it");
        check("", "", "a task of a library: no source here creates it");
    }

    @Test
    void aMainInTestSourcesLeavesALibrary() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("src/main/java/p/Registry.java", REGISTRY.replace("MARK",
                        " // expect: intra-task-sync \"a task of a library\""))
                .source("src/main/java/p/Tick.java", """
                        package p;
                        public class Tick extends java.util.concurrent.RecursiveAction {
                            @Override
                            protected void compute() {
                                Registry.add();
                            }
                        }
                        """)
                .source("src/test/java/p/Demo.java", """
                        package p;
                        public class Demo {
                            public static void main(String[] args) {
                            }
                        }
                        """)
                .check();
    }
}
