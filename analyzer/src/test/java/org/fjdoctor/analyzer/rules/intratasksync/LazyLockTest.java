package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Double-checked locking in the shapes real caches write it: a lookup miss looked up again under the lock
 * (taken once per missing key), and a private synchronized method reached only after a lock-free read found
 * nothing and that reads again first (taken until the value exists). Without the second look, or called
 * unguarded, the same locks are taken on every call and stay findings.
 */
class LazyLockTest {

    private static void check(String helpers) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Leaf.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.RecursiveTask;
                        class Leaf extends RecursiveTask<Integer> {
                            static final Symbols SYMBOLS = new Symbols();
                            static final Cached CACHED = new Cached();
                            @Override
                            protected Integer compute() {
                                return SYMBOLS.id("x") + CACHED.table().length;
                            }
                        }
                        HELPERS
                        """.replace("HELPERS", helpers))
                .check();
    }

    /** A symbol table that locks when a lock-free lookup misses, and with {@code lookAgain} looks again first. */
    private static String symbols(boolean lookAgain, String marker) {
        String insert = """
                id = write.size();
                write.put(name, id);
                read = new HashMap<>(write);
                """;
        return """
                class Symbols {
                    private final Map<String, Integer> write = new HashMap<>();
                    private volatile Map<String, Integer> read = new HashMap<>();
                    int id(String name) {
                        int id = read.getOrDefault(name, -1);
                        if (id == -1) {
                            synchronized (write) { MARKER
                BODY
                            }
                        }
                        return id;
                    }
                }
                """.replace("MARKER", marker).replace("BODY", lookAgain
                        ? "id = write.getOrDefault(name, -1);\nif (id == -1) {\n" + insert + "}\n" : insert);
    }

    /** A cache filled by a private synchronized method behind a lock-free read, with {@code more} members. */
    private static String cached(String more, String marker) {
        return """
                class Cached {
                    private volatile int[] table;
                    int[] table() {
                        final int[] cached = table;
                        return cached != null ? cached : compute();
                    }
                MORE
                    private synchronized int[] compute() { MARKER
                        final int[] cached = table;
                        if (cached != null) {
                            return cached;
                        }
                        table = new int[8];
                        return table;
                    }
                }
                """.replace("MORE", more).replace("MARKER", marker);
    }

    @Test
    void aLookupMissCheckedAgainUnderTheLockAndACacheComputedBehindALockFreeReadAreNotFindings() {
        check(symbols(true, "") + cached("", ""));
    }

    @Test
    void theSameLocksWithoutTheSecondLookOrCalledUnguardedAreFindings() {
        check(symbols(false, "// expect: intra-task-sync \"field Symbols.write\"") + cached("""
                    int[] reset() {
                        return compute();
                    }
                """, "// expect: intra-task-sync \"static field Leaf.CACHED\""));
    }

    @Test
    void aLazyComputeAlsoCalledFromASynchronizedMethodOfItsClassIsStillBehindTheCheck() {
        // the synchronized caller already holds the monitor, so its call cannot wait for it
        check(symbols(true, "") + cached("""
                    synchronized int[] tableIfAny(boolean any) {
                        if (!any) {
                            return null;
                        }
                        return compute();
                    }
                """, ""));
    }

    @Test
    void aLazyComputeAlsoCalledUnguardedFromAPlainMethodStaysAFinding() {
        check(symbols(true, "") + cached("""
                    int[] tableIfAny(boolean any) {
                        if (!any) {
                            return null;
                        }
                        return compute();
                    }
                """, "// expect: intra-task-sync \"static field Leaf.CACHED\""));
    }
    /**
     * The lookup-miss recheck written with the assignment inside the comparison, on both checks or only on the
     * one under the lock; {@code recheck} false puts without looking again.
     */
    private static String channels(boolean recheck, String marker) {
        return """
                class Symbols {
                    private final Map<String, Integer> ids = new HashMap<>();
                    private final Object lock = new Object();
                    int id(String name) {
                        Integer id;
                        if ((id = ids.get(name)) == null) {
                            synchronized (ids) { MARKER1
                                INNER1
                                    ids.put(name, id = ids.size());
                                CLOSE
                            }
                        }
                        return id + other(name);
                    }
                    int other(String name) {
                        Integer id = ids.get(name + "!");
                        if (id == null) {
                            synchronized (lock) { MARKER2
                                INNER2
                                    ids.put(name + "!", id = 1);
                                CLOSE
                            }
                        }
                        return id;
                    }
                }
                """.replace("MARKER1", marker.replace("FIELD", "ids")).replace("MARKER2", marker.replace("FIELD", "lock"))
                .replace("INNER1", recheck ? "if ((id = ids.get(name)) == null) {" : "{")
                .replace("INNER2", recheck ? "if ((id = ids.get(name + \"!\")) == null) {" : "{")
                .replace("CLOSE", "}");
    }

    @Test
    void aLookupMissRecheckedWithTheAssignmentInsideTheComparisonIsNotAFinding() {
        check(channels(true, "") + cached("", ""));
    }

    @Test
    void anAssignmentInsideTheComparisonWithoutARecheckUnderTheLockStaysAFinding() {
        check(channels(false, "// expect: intra-task-sync \"field Symbols.FIELD\"") + cached("", ""));
    }
}
