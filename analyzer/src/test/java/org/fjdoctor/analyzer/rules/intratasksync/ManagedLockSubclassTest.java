package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.junit.jupiter.api.Test;

/**
 * A project class that extends a JDK lock and overrides {@code lock()} (and its conditions' waits) to wait inside
 * {@code ForkJoinPool.managedBlock}: a receiver declared as the JDK type but only ever holding a new instance of that
 * class runs the override, which compensates the pool, not the JDK method the declared type names. Still reported:
 * a plain {@code ReentrantLock}, and a subclass that does not override the method called.
 */
class ManagedLockSubclassTest {

    private static final String MANAGED_LOCK = """
            package p;
            import java.util.Date;
            import java.util.concurrent.*;
            import java.util.concurrent.locks.*;
            public class ManagedLock extends ReentrantLock {
                public void lock() {
                    DoLock locker = new DoLock();
                    try {
                        ForkJoinPool.managedBlock(locker);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                public Condition newCondition() {
                    return new ManagedCondition(super.newCondition());
                }
                private class DoLock implements ForkJoinPool.ManagedBlocker {
                    boolean hasLock;
                    public boolean isReleasable() {
                        return hasLock || (hasLock = tryLock());
                    }
                    public boolean block() {
                        if (isReleasable()) return true;
                        ManagedLock.super.lock();
                        return hasLock = true;
                    }
                }
                private static class ManagedCondition implements Condition {
                    private final Condition condition;
                    ManagedCondition(Condition condition) {
                        this.condition = condition;
                    }
                    public void await() throws InterruptedException {
                        block(condition);
                    }
                    public void awaitUninterruptibly() {
                        try {
                            block(condition);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    public long awaitNanos(long nanos) throws InterruptedException {
                        return condition.awaitNanos(nanos);
                    }
                    public boolean await(long time, TimeUnit unit) throws InterruptedException {
                        return condition.await(time, unit);
                    }
                    public boolean awaitUntil(Date deadline) throws InterruptedException {
                        return condition.awaitUntil(deadline);
                    }
                    public void signal() {
                        condition.signal();
                    }
                    public void signalAll() {
                        condition.signalAll();
                    }
                    private static void block(Condition condition) throws InterruptedException {
                        ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                            public boolean isReleasable() {
                                return false;
                            }
                            public boolean block() throws InterruptedException {
                                condition.await();
                                return true;
                            }
                        });
                    }
                }
            }
            """;

    private static final String DEMO = """
            package p;
            import java.util.concurrent.locks.*;
            import java.util.stream.*;
            class Demo {
                static void run(int upto) {
                    ReentrantLock lock = new ManagedLock();
                    Condition condition = lock.newCondition();
                    IntStream.range(0, upto).parallel().forEach(i -> {
                        lock.lock();
                        try {
                            condition.awaitUninterruptibly();
                        } finally {
                            lock.unlock();
                        }
                    });
                }
            }
            """;

    private static final String PLAIN = """
            package p;
            import java.util.concurrent.locks.*;
            import java.util.stream.*;
            class Plain {
                static class Named extends ReentrantLock {
                    final String name;
                    Named(String name) {
                        this.name = name;
                    }
                }
                static void run(int upto) {
                    ReentrantLock lock = new ReentrantLock();
                    Condition condition = lock.newCondition();
                    IntStream.range(0, upto).parallel().forEach(i -> { // expect: blocking-in-common-pool "Condition.await"
                        lock.lock(); // expect: intra-task-sync "Lock.lock"
                        try {
                            condition.awaitUninterruptibly();
                        } finally {
                            lock.unlock();
                        }
                    });
                }
                static void named(int upto) {
                    ReentrantLock lock = new Named("n");
                    IntStream.range(0, upto).parallel().forEach(i -> {
                        lock.lock(); // expect: intra-task-sync "Lock.lock"
                        try {
                            System.out.println(i);
                        } finally {
                            lock.unlock();
                        }
                    });
                }
            }
            """;

    @Test
    void aLockWhoseClassOverridesLockWithManagedBlockIsSilent() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/ManagedLock.java", MANAGED_LOCK).source("p/Demo.java", DEMO)
                .check();
    }

    @Test
    void aConditionOfSuchALockWaitsInManagedBlock() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/ManagedLock.java", MANAGED_LOCK)
                .source("p/Demo.java", DEMO).check();
    }

    @Test
    void aPlainLockAndASubclassThatKeepsLockStayReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Plain.java", PLAIN.replace(
                " // expect: blocking-in-common-pool \"Condition.await\"", "")).check();
    }

    @Test
    void aPlainConditionStaysReported() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Plain.java", PLAIN.replace(
                " // expect: intra-task-sync \"Lock.lock\"", "")).check();
    }
}
