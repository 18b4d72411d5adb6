package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lock taken again by the task that already holds it: accessors that take a shared lock and are only called
 * from a method that holds the same lock add no contention; the outer acquisition is the finding. One call that
 * reaches an accessor without holding the lock keeps that accessor a finding.
 */
class ReenteredLockTest {

    /** A graph context every node task shares (a static), and a task whose {@code compute()} runs {@code WORK}. */
    private static void check(String context, String work) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Context.java", context)
                .source("p/Node.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class Node extends RecursiveAction {
                            static final Context SHARED = new Context();
                            final int id;
                            Node(int id) { this.id = id; }
                            @Override
                            protected void compute() {
                        WORK
                            }
                        }
                        """.replace("WORK", work))
                .check();
    }

    private static final String CONTEXT = """
            package p;
            import java.util.*;
            import java.util.concurrent.locks.*;
            class Context {
                private final Set<Integer> running = new HashSet<>();
                private final Set<Integer> done = new HashSet<>();
                private final Lock lock = new ReentrantLock();
                boolean tryStart(int id, List<Integer> needs) {
                    this.lock.lock(); // expect: intra-task-sync "Context.lock"
                    final boolean start;
                    try {
                        start = !isRunning(id) && allDone(needs);
                        if (start) {
                            started(id);
                        }
                    } finally {
                        this.lock.unlock();
                    }
                    return start;
                }
                private void started(int id) {
                    lock.lock();
                    try {
                        running.add(id);
                    } finally {
                        lock.unlock();
                    }
                }
                boolean isRunning(int id) {
                    this.lock.lock();
                    try {
                        return running.contains(id);
                    } finally {
                        this.lock.unlock();
                    }
                }
                boolean isDone(int id) {
                    this.lock.lock();ISDONE
                    try {
                        return done.contains(id);
                    } finally {
                        this.lock.unlock();
                    }
                }
                boolean allDone(List<Integer> ids) {
                    this.lock.lock();
                    try {
                        for (int id : ids) {
                            if (!isDone(id)) {
                                return false;
                            }
                        }
                        return true;
                    } finally {
                        this.lock.unlock();
                    }
                }
                synchronized void finished(int id) { // expect: intra-task-sync
                    record(id);
                }
                synchronized void record(int id) {
                    running.remove(id);
                    done.add(id);
                }
            }
            """;

    @Test
    void accessorsCalledOnlyUnderTheSameLockAreNoFindings() {
        check(CONTEXT.replace("ISDONE", ""), """
                        if (SHARED.tryStart(id, java.util.List.of(id - 1))) {
                            SHARED.finished(id);
                        }
                """);
    }

    @Test
    void anAccessorAlsoCalledWithoutTheLockIsStillAFinding() {
        check(CONTEXT.replace("ISDONE", " // expect: intra-task-sync \"Context.lock\""), """
                        if (SHARED.tryStart(id, java.util.List.of(id - 1)) && !SHARED.isDone(id - 1)) {
                            SHARED.finished(id);
                        }
                """);
    }

    @Test
    void aLockOfAnotherObjectIsNotHeldByTheCaller() {
        check("""
                package p;
                import java.util.concurrent.locks.*;
                class Context {
                    private final Lock lock = new ReentrantLock();
                    final Context parent = Node.PARENT;
                    void step() {
                        lock.lock(); // expect: intra-task-sync
                        try {
                            parent.touch();
                        } finally {
                            lock.unlock();
                        }
                    }
                    void touch() {
                        lock.lock(); // expect: intra-task-sync
                        try {
                            step = step + 1;
                        } finally {
                            lock.unlock();
                        }
                    }
                    int step;
                }
                """.replace("Node.PARENT", "new Context()"), """
                        SHARED.step();
                """);
    }

    /** A context whose inner locks are taken inside its synchronized {@code done}; {@code MORE} adds members. */
    private static final String SERIALISED = """
            package p;
            import java.util.concurrent.CopyOnWriteArrayList;
            class Context {
                private final CopyOnWriteArrayList<Integer> failed = new CopyOnWriteArrayList<>();
                private final Object tally = new Object();
                private int count;
                synchronized void done(int id) { // expect: intra-task-sync
                    if (id < 0) {
                        failed.add(id);INNER
                    } else {
                        failed.add(-id);INNER
                    }
                    synchronized (tally) {
                        count++;
                    }
                }
            MORE
            }
            """;

    @Test
    void aLockOnlyTakenInsideAnotherLockIsNoFindingTheOuterOneIs() {
        check(SERIALISED.replace("INNER", "").replace("MORE", ""), """
                        SHARED.done(id);
                """);
    }

    @Test
    void aLockAlsoTakenOutsideTheOuterLockIsAFindingEverywhere() {
        check(SERIALISED.replace("INNER", " // expect: intra-task-sync").replace("MORE", """
                    void fail(int id) {
                        failed.add(id); // expect: intra-task-sync
                    }
                """), """
                        SHARED.done(id);
                        SHARED.fail(id);
                """);
    }
}
