package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lock costs parallelism only when tasks that run at the same time can take it: the task's own monitor,
 * an object one call or one task creates and hands to no one, a read lock no task-code writer takes, the
 * lock of a double-checked lazy initialisation and a semaphore with a permit per processor stall no
 * worker; a static lock, a lock handed to every subtask and a shared object's monitor do, and the message
 * says what shares them.
 */
class LockSharingTest {

    /** A divide-and-conquer sum whose leaf runs {@code LEAF}, with {@code MEMBERS} in the task class. */
    private static String sum(String leaf, String members) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.concurrent.locks.*;
                class Sum extends RecursiveTask<Long> {
                    final int from, to;
                    Sum(int from, int to) { this.from = from; this.to = to; }
                MEMBERS
                    @Override
                    protected Long compute() {
                        if (to - from < 100) {
                            long total = 0;
                LEAF
                            return total;
                        }
                        int mid = (from + to) >>> 1;
                        Sum left = new Sum(from, mid);
                        left.fork();
                        return new Sum(mid, to).compute() + left.join();
                    }
                }
                """.replace("MEMBERS", members).replace("LEAF", leaf);
    }

    static void check(String leaf, String members) {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Sum.java", sum(leaf, members)).check();
    }

    @Test
    void theTasksOwnMonitorIsNotShared() {
        check("""
                            synchronized (this) { total += to - from; }
                            total += count();
                """, """
                    private int calls;
                    synchronized int count() { return ++calls; }
                """);
    }

    @Test
    void theTasksMonitorIsSharedWhenOtherCodeLocksTheTask() {
        check("""
                            synchronized (this) { total += to - from; } // expect: intra-task-sync "other code locks too"
                            synchronized (PARENT) { total++; } // expect: intra-task-sync "static field Sum.PARENT"
                """, """
                    static Sum PARENT;
                """);
    }

    @Test
    void aLockCreatedPerCallAndHandedToNoOneIsNotShared() {
        check("""
                            Object guard = new Object();
                            synchronized (guard) { total += to - from; }
                            ReentrantLock local = new ReentrantLock();
                            local.lock();
                            try { total++; } finally { local.unlock(); }
                """, "");
    }

    @Test
    void anObjectAFactoryCreatesPerCallIsNotShared() {
        check("""
                            Trace trace = Trace.of(to - from);
                            total += trace.depth();
                            total += Trace.of(from).depth();
                """, """
                    static class Trace {
                        private final int n;
                        private Trace(int n) { this.n = n; }
                        static Trace of(int n) {
                            if (n < 0) {
                                return new Trace(0);
                            }
                            Trace made = new Trace(n);
                            return made;
                        }
                        synchronized int depth() { return n; }
                    }
                """);
    }

    @Test
    void methodsThatCallEachOtherOnALocalObjectDoNotShareIt() {
        check("""
                            Gen gen = new Gen();
                            while (gen.next()) { total++; }
                """, """
                    static class Gen {
                        private int i;
                        synchronized boolean next() {
                            if (i++ % 2 == 0) {
                                return skip();
                            }
                            return i < 10;
                        }
                        synchronized boolean skip() {
                            return i > 20 || next();
                        }
                    }
                """);
    }

    @Test
    void aMonitorTakenAgainInsideItsOwnSynchronizedBlockCannotBlock() {
        check("""
                            synchronized (CACHE) { // expect: intra-task-sync "static field Sum.CACHE"
                                Long known = CACHE.get(from);
                                if (known == null) {
                                    CACHE.put(from, (long) to);
                                }
                                synchronized (CACHE) { total++; }
                            }
                            CACHE.remove(to); // expect: intra-task-sync "synchronizedMap wrapper"
                """, """
                    static final Map<Integer, Long> CACHE = Collections.synchronizedMap(new HashMap<>());
                """);
    }

    @Test
    void anObjectHandedToHelpersThatKeepItToThemselvesIsNotShared() {
        check("""
                            Trace trace = new Trace(to - from);
                            total += measure(trace);
                """, """
                    static class Trace {
                        private final int n;
                        Trace(int n) { this.n = n; }
                        synchronized int depth() { return n; }
                    }
                    private static int measure(Trace trace) {
                        return measure(trace, 1);
                    }
                    private static int measure(Trace trace, int scale) {
                        return trace.depth() * scale;
                    }
                """);
    }

    @Test
    void anObjectAHelperPublishesIsShared() {
        check("""
                            Trace trace = new Trace(to - from);
                            total += measure(trace);
                """, """
                    static Trace LAST;
                    static class Trace {
                        private final int n;
                        Trace(int n) { this.n = n; }
                        synchronized int depth() { return n; } // expect: intra-task-sync "handed on"
                    }
                    private static int measure(Trace trace) {
                        return keep(trace);
                    }
                    private static int keep(Trace trace) {
                        LAST = trace;
                        return trace.depth();
                    }
                """);
    }

    @Test
    void anObjectAFactoryMayReturnFromACacheIsShared() {
        check("""
                            total += Trace.of(to - from).depth();
                """, """
                    static class Trace {
                        static final Trace ZERO = new Trace(0);
                        private final int n;
                        private Trace(int n) { this.n = n; }
                        static Trace of(int n) {
                            return n == 0 ? ZERO : new Trace(n);
                        }
                        synchronized int depth() { return n; } // expect: intra-task-sync "of(..) returns"
                    }
                """);
    }

    @Test
    void aLockHandedOnIsShared() {
        check("""
                            Object guard = new Object();
                            keep(guard);
                            synchronized (guard) { total += to - from; } // expect: intra-task-sync "handed on"
                """, """
                    static java.util.List<Object> KEPT = new java.util.ArrayList<>();
                    static void keep(Object o) { KEPT.add(o); }
                """);
    }

    @Test
    void aFieldEachTaskCreatesForItselfIsNotShared() {
        check("""
                            lock.lock();
                            try { total += to - from; } finally { lock.unlock(); }
                            synchronized (scratch) { scratch.add(total); }
                """, """
                    private final ReentrantLock lock = new ReentrantLock();
                    private final java.util.List<Long> scratch = new java.util.ArrayList<>();
                """);
    }

    @Test
    void aLockEveryTaskIsGivenByItsCreatorIsSharedAndSaysWhere() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Render.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Render extends RecursiveAction {
                    private final Object lock;
                    private final int from, to;
                    Render(Object lock, int from, int to) { this.lock = lock; this.from = from; this.to = to; }
                    static long pixels;
                    @Override
                    protected void compute() {
                        if (to - from < 8) {
                            synchronized (lock) { // expect: intra-task-sync "set from the constructor parameter lock"
                                pixels += to - from;
                            }
                            return;
                        }
                        int mid = (from + to) >>> 1;
                        invokeAll(new Render(lock, from, mid), new Render(lock, mid, to));
                    }
                }
                """).check();
    }

    @Test
    void aSynchronizedMethodIsReportedWhenSomeCallerSharesItsObject() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Tally.java", """
                        package p;
                        class Tally {
                            private long total;
                            synchronized void add(long v) { total += v; } // expect: intra-task-sync "static field Count.SHARED"
                            synchronized long total() { return total; }
                        }
                        """)
                .source("p/Count.java", """
                        package p;
                        import java.util.concurrent.RecursiveTask;
                        class Count extends RecursiveTask<Long> {
                            static final Tally SHARED = new Tally();
                            @Override
                            protected Long compute() {
                                Tally mine = new Tally();
                                mine.add(1);
                                SHARED.add(1);
                                return mine.total();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aReadLockNoCodeWritesUnderIsNotAFindingButOneWithAWriterIs() {
        check("""
                            CACHE.readLock().lock();
                            try { total += to - from; } finally { CACHE.readLock().unlock(); }
                """, """
                    static final ReentrantReadWriteLock CACHE = new ReentrantReadWriteLock();
                """);
        check("""
                            CACHE.readLock().lock(); // expect: intra-task-sync
                            try { total += to - from; } finally { CACHE.readLock().unlock(); }
                            if (to - from == 1) { reload(); }
                """, """
                    static final ReentrantReadWriteLock CACHE = new ReentrantReadWriteLock();
                    static void reload() { CACHE.writeLock().lock(); CACHE.writeLock().unlock(); } // expect: intra-task-sync
                """);
        check("""
                            CACHE.readLock().lock(); // expect: intra-task-sync
                            try { total += to - from; } finally { CACHE.readLock().unlock(); }
                            CACHE.writeLock().lock(); // expect: intra-task-sync
                            CACHE.writeLock().unlock();
                """, """
                    static final ReentrantReadWriteLock CACHE = new ReentrantReadWriteLock();
                """);
    }

    @Test
    void aReadLockWhoseWriterIsNoTaskCodeOrOnlyShutsDownIsNotAFinding() {
        // the writer runs on another thread (a flush, a reload) or once when the work stops: the readers, the
        // tasks, never exclude each other
        check("""
                            CACHE.readLock().lock();
                            try { total += to - from; } finally { CACHE.readLock().unlock(); }
                            VIEW.lock();
                            try { total++; } finally { VIEW.unlock(); }
                """, """
                    static final ReentrantReadWriteLock CACHE = new ReentrantReadWriteLock();
                    static final java.util.concurrent.locks.Lock VIEW = CACHE.readLock();
                    static void reload() { CACHE.writeLock().lock(); CACHE.writeLock().unlock(); }
                """);
        check("""
                            CACHE.readLock().lock();
                            try { total += to - from; } catch (RuntimeException e) { shutdown(); }
                            finally { CACHE.readLock().unlock(); }
                """, """
                    static final ReentrantReadWriteLock CACHE = new ReentrantReadWriteLock();
                    static void shutdown() { CACHE.writeLock().lock(); CACHE.writeLock().unlock(); }
                """);
    }

    @Test
    void doubleCheckedLazyInitialisationIsNotAFinding() {
        check("""
                            if (table == null) {
                                synchronized (Sum.class) {
                                    if (table == null) {
                                        table = new long[64];
                                    }
                                }
                            }
                            total += table.length;
                """, """
                    static volatile long[] table;
                """);
    }

    @Test
    void aCheckThenActOnACountIsNoLazyInitialisation() {
        check("""
                            if (left > 0) {
                                synchronized (Sum.class) { // expect: intra-task-sync
                                    if (left > 0) {
                                        left--;
                                    }
                                }
                            }
                """, """
                    static int left = 8;
                """);
    }

    @Test
    void aSemaphoreWithAPermitPerProcessorIsNotAFindingButAScarceOneIs() {
        check("""
                            WIDE.acquireUninterruptibly();
                            NARROW.acquireUninterruptibly(); // expect: intra-task-sync
                            WIDE.release();
                            NARROW.release();
                """, """
                    static final Semaphore WIDE = new Semaphore(Runtime.getRuntime().availableProcessors());
                    static final Semaphore NARROW = new Semaphore(2);
                """);
    }

    @Test
    void codeThatACheckKeepsOffPoolWorkersIsNotTaskCode() {
        check("""
                            if (!ForkJoinTask.inForkJoinPool()) {
                                synchronized (Sum.class) { total++; }
                            }
                            if (Thread.currentThread() instanceof ForkJoinWorkerThread) {
                                total++;
                            } else {
                                synchronized (Sum.class) { total++; }
                            }
                            synchronized (Sum.class) { total++; } // expect: intra-task-sync "class object Sum.class"
                """, "");
    }

    @Test
    void waitingOnAnErrorPathIsNoFinding() {
        check("""
                            try {
                                total += to - from;
                            } catch (RuntimeException e) {
                                synchronized (Sum.class) { total = -1; }
                            }
                """, "");
    }

    @Test
    void callsOnASharedSynchronizedWrapperLockItButOnAPerCallOneDoNot() {
        check("""
                            SEEN.add(from); // expect: intra-task-sync "Collections.synchronizedList wrapper"
                            List<Integer> mine = Collections.synchronizedList(new ArrayList<>());
                            mine.add(to);
                            total += mine.size();
                """, """
                    static final List<Integer> SEEN = Collections.synchronizedList(new ArrayList<>());
                """);
    }

    @Test
    void aWrapperStoredThroughAConditionalIsStillTheLockItsCallsTake() {
        check("""
                            MONITOR.sample(from);
                            if (MONITOR.plain != null) MONITOR.plain.add(to);
                """, """
                    static final Monitor MONITOR = new Monitor(true);
                    static class Monitor {
                        private final List<Integer> samples;
                        final List<Integer> plain;
                        Monitor(boolean enabled) {
                            this.samples = enabled ? Collections.synchronizedList(new ArrayList<>()) : null;
                            this.plain = enabled ? Collections.synchronizedList(new ArrayList<>()) : new ArrayList<>();
                        }
                        void sample(int at) {
                            if (samples != null) {
                                samples.add(at); // expect: intra-task-sync "Collections.synchronizedList wrapper"
                            }
                        }
                    }
                """);
    }

    @Test
    void lombokSynchronizedLocksLikeASynchronizedMethod() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Stats.java", """
                        package p;
                        import lombok.Synchronized;
                        class Stats {
                            static final Stats SHARED = new Stats();
                            private long pages;
                            @Synchronized
                            void page() { // expect: intra-task-sync "static field Stats.SHARED"
                                pages++;
                            }
                        }
                        """)
                .source("p/Crawl.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class Crawl extends RecursiveAction {
                            @Override
                            protected void compute() {
                                Stats.SHARED.page();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void theEnclosingObjectLockedFromANestedTaskIsShared() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Extract.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Extract extends RecursiveAction {
                    private int failures;
                    @Override
                    protected void compute() {
                        new RecursiveAction() {
                            @Override
                            protected void compute() {
                                synchronized (Extract.this) { // expect: intra-task-sync "enclosing Extract object"
                                    failures++;
                                }
                            }
                        }.fork().join();
                    }
                }
                """).check();
    }
    /** An inner task class whose leaf calls {@code count()} unqualified; {@code own} declares it in the task too. */
    private static String scheduler(boolean own, String marker) {
        return """
                package p;
                import java.util.concurrent.*;
                class Scheduler {
                    private long searched;
                    synchronized void count() { searched++; } MARKER
                    long run(int n) {
                        return ForkJoinPool.commonPool().invoke(new Search(0, n));
                    }
                    class Search extends RecursiveTask<Long> {
                        final int from, to;
                        Search(int from, int to) { this.from = from; this.to = to; }
                        OWN
                        @Override
                        protected Long compute() {
                            if (to - from < 2) {
                                count();
                                return 1L;
                            }
                            int mid = (from + to) >>> 1;
                            Search left = new Search(from, mid);
                            left.fork();
                            return new Search(mid, to).compute() + left.join();
                        }
                    }
                }
                """.replace("MARKER", marker)
                .replace("OWN", own ? "private long mine;\n    synchronized void count() { mine++; }" : "");
    }

    @Test
    void anUnqualifiedCallFromAnInnerTaskLocksTheSharedOuterObject() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Scheduler.java",
                scheduler(false, "// expect: intra-task-sync \"enclosing Scheduler object\"")).check();
    }

    @Test
    void anUnqualifiedCallOfTheInnerTasksOwnMethodLocksOnlyTheTask() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Scheduler.java", scheduler(true, "")).check();
    }
}
