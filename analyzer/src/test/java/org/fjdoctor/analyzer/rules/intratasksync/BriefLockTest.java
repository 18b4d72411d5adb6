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
        RuleTester.of(IntraTaskSyncRule.class).source("p/Sum.java", LockSharingTest.sum(leaf, """
                    static final Map<Integer, Long> TOTALS = new HashMap<>();
                """ + members)).check();
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
