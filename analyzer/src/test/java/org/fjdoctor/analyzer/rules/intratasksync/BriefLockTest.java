package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A shared lock a task takes once, outside any loop, around a few statements that call no project code and
 * nothing that waits, is a note; the same lock in a loop, around a loop or a call into the project, or taken from
 * a lambda (once per stream element) stays a warning.
 */
class BriefLockTest {

    private static void check(String leaf, String members) {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Count.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Count extends RecursiveTask<Long> {
                    static final Map<Integer, Long> TOTALS = new HashMap<>();
                    final int from, to;
                    Count(int from, int to) { this.from = from; this.to = to; }
                MEMBERS
                    @Override
                    protected Long compute() {
                        if (to - from < 100) {
                            long total = 0;
                LEAF
                            return total;
                        }
                        int mid = (from + to) >>> 1;
                        Count left = new Count(from, mid);
                        left.fork();
                        return new Count(mid, to).compute() + left.join();
                    }
                }
                """.replace("MEMBERS", members).replace("LEAF", leaf)).check();
    }

    @Test
    void aBriefLockOncePerTaskIsANote() {
        check("""
                            total = to - from;
                            synchronized (TOTALS) { // expect: intra-task-sync "in task code, held briefly and at most once per task"
                                TOTALS.merge(from / 100, total, Long::sum);
                            }
                            record(total);
                """, """
                    private static synchronized void record(long v) { // expect: intra-task-sync "held briefly and at most once per task"
                        TOTALS.put(-1, v);
                    }
                """);
    }

    @Test
    void aLockInALoopAroundALoopOrAroundProjectCodeIsAWarning() {
        check("""
                            for (int i = from; i < to; i++) {
                                synchronized (TOTALS) { // expect: intra-task-sync "in task code: a blocked worker"
                                    TOTALS.put(i, (long) i);
                                }
                            }
                            synchronized (TOTALS) { // expect: intra-task-sync "in task code: a blocked worker"
                                for (int i = from; i < to; i++) {
                                    total += TOTALS.getOrDefault(i, 0L);
                                }
                            }
                            synchronized (TOTALS) { // expect: intra-task-sync "in task code: a blocked worker"
                                total += weigh(total);
                            }
                """, """
                    private static long weigh(long v) { return v * 31; }
                """);
    }
}
