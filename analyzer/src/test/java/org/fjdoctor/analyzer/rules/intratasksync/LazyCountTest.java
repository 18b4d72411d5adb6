package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lock taken only while a cached count still holds its negative "not computed yet" value, in a branch that
 * stores the count ({@code if (count.get() < 0L) { lock; count.set(n); }}): after the first call no task gets
 * there, as with a null-checked lazy field. A branch that leaves the count unset takes the lock on every call.
 */
class LazyCountTest {

    private static void check(String stored, String mark) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Leaf.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.RecursiveTask;
                        import java.util.concurrent.atomic.AtomicLong;
                        import java.util.concurrent.locks.*;
                        class Leaf extends RecursiveTask<Long> {
                            static final Column SHARED = new Column();
                            @Override
                            protected Long compute() {
                                return SHARED.length() + SHARED.size();
                            }
                        }
                        class Column {
                            private final List<Object> elements = new LinkedList<>();
                            private final Lock lock = new ReentrantLock();
                            private final AtomicLong count = new AtomicLong(-1L);
                            private long size = -1;
                            private long total;
                            long length() {
                                if (count.get() < 0L) {
                                    lock.lock(); MARK
                                    try {
                                        STORED;
                                    } finally {
                                        lock.unlock();
                                    }
                                }
                                return count.get();
                            }
                            long size() {
                                if (size == -1) {
                                    synchronized (elements) {
                                        size = elements.size();
                                    }
                                }
                                return size;
                            }
                        }
                        """.replace("STORED", stored).replace("MARK", mark))
                .check();
    }

    @Test
    void aLockTakenUntilACachedCountIsStoredIsNoFinding() {
        check("count.set(elements.size())", "");
    }

    @Test
    void aLockBehindTheCountCheckThatLeavesTheCountUnsetIsAFinding() {
        check("total += elements.size()", "// expect: intra-task-sync");
    }
}
