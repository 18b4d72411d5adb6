package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A read lock excludes a task only while another task may hold the write lock of the same object. A write lock
 * that task code takes only on an object it made itself and has handed to no one (a vector a task builds and
 * returns) never runs beside a reader of another object: the shared vector's read lock is no finding. A write
 * lock on the shared vector is a writer that can run at the same time, and both locks are findings; so is one on
 * a vector the task published before it writes (a loop writes again after the publication below it).
 */
class UnsharedWriterTest {

    private static void check(String writes, String readMark, String writeMark) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Vector.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.locks.*;
                        class Vector {
                            private final List<Double> elements = new ArrayList<>();
                            private final ReadWriteLock rwl = new ReentrantReadWriteLock();
                            double elementAt(int i) {
                                Lock lock = rwl.readLock();
                                lock.lock(); READ
                                try {
                                    return elements.get(i);
                                } finally {
                                    lock.unlock();
                                }
                            }
                            void append(double v) {
                                Lock lock = rwl.writeLock();
                                lock.lock(); WRITE
                                try {
                                    elements.add(v);
                                } finally {
                                    lock.unlock();
                                }
                            }
                        }
                        """.replace("READ", readMark).replace("WRITE", writeMark))
                .source("p/Scale.java", """
                        package p;
                        import java.util.concurrent.RecursiveTask;
                        class Scale extends RecursiveTask<Vector> {
                            static final Vector SOURCE = new Vector();
                            static Vector published;
                            @Override
                            protected Vector compute() {
                                Vector scaled = new Vector();
                                WRITES
                                return scaled;
                            }
                        }
                        """.replace("WRITES", writes))
                .check();
    }

    @Test
    void aReadLockWhoseOnlyWriterIsOnAnObjectTheTaskMadeIsNotAFinding() {
        check("scaled.append(2 * SOURCE.elementAt(0));", "", "");
    }

    @Test
    void aWriterOnTheSharedObjectMakesTheReadLockAFinding() {
        check("scaled.append(2 * SOURCE.elementAt(0));\nSOURCE.append(1);",
                "// expect: intra-task-sync", "// expect: intra-task-sync");
    }

    @Test
    void aVectorHandedOnBeforeItIsWrittenIsShared() {
        check("published = scaled;\nscaled.append(2 * SOURCE.elementAt(0));",
                "// expect: intra-task-sync", "// expect: intra-task-sync");
        check("for (int i = 0; i < 2; i++) {\nscaled.append(2 * SOURCE.elementAt(i));\npublished = scaled;\n}",
                "// expect: intra-task-sync", "// expect: intra-task-sync");
    }
}
