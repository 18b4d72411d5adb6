package org.fjdoctor.analyzer.rules.intratasksync;

import static org.fjdoctor.analyzer.rules.intratasksync.LockSharingTest.check;

import org.junit.jupiter.api.Test;

/**
 * A lock on what each thread holds for itself (a ThreadLocal's value, the entry of a map keyed by the current
 * thread, a lock field of such a per-thread object) cannot be taken by a task running at the same time on
 * another worker. The twins stay findings: a thread-local value that is also stored where other tasks see it,
 * one set to a shared object, an InheritableThreadLocal, a thread-keyed map also read as a whole.
 */
class ThreadConfinedLockTest {

    private static final String BUFFER = """
                static class Buffer {
                    final Object lock = new Object();
                    private final StringBuilder text = new StringBuilder();
                    synchronized void append(int v) { text.append(v); }
                }
            """;

    @Test
    void aThreadLocalValueIsEachWorkersOwn() {
        check("""
                            Buffer mine = BUFFERS.get();
                            synchronized (mine) { total += to - from; }
                            BUFFERS.get().append(from);
                            synchronized (BUFFERS.get().lock) { total++; }
                            synchronized (ANONYMOUS.get()) { total++; }
                """, BUFFER + """
                    static final ThreadLocal<Buffer> BUFFERS = ThreadLocal.withInitial(Buffer::new);
                    static final ThreadLocal<Object> ANONYMOUS = new ThreadLocal<>() {
                        @Override
                        protected Object initialValue() { return new Object(); }
                    };
                """);
    }

    @Test
    void aThreadLocalValueAlsoPublishedOrSetToASharedObjectIsShared() {
        check("""
                            Buffer mine = BUFFERS.get();
                            synchronized (mine) { total += to - from; } // expect: intra-task-sync "get(..) returns"
                            synchronized (FIXED.get()) { total++; } // expect: intra-task-sync "get(..) returns"
                            synchronized (INHERITED.get()) { total++; } // expect: intra-task-sync "get(..) returns"
                """, BUFFER + """
                    static final ThreadLocal<Buffer> BUFFERS = ThreadLocal.withInitial(Buffer::new);
                    static final List<Buffer> ALL = new ArrayList<>();
                    static void register() { ALL.add(BUFFERS.get()); }
                    static final Object SHARED = new Object();
                    static final ThreadLocal<Object> FIXED = new ThreadLocal<>();
                    static void install() { FIXED.set(SHARED); }
                    static final InheritableThreadLocal<Object> INHERITED = new InheritableThreadLocal<>() {
                        @Override
                        protected Object initialValue() { return new Object(); }
                    };
                """);
    }

    @Test
    void theEntryOfAMapKeyedByTheCurrentThreadIsEachWorkersOwn() {
        check("""
                            Buffer state = state();
                            state.append(to - from);
                            synchronized (STATES.get(Thread.currentThread())) { total++; }
                """, BUFFER + """
                    static final Map<Thread, Buffer> STATES = new ConcurrentHashMap<>();
                    private static Buffer state() {
                        return STATES.computeIfAbsent(Thread.currentThread(), t -> new Buffer());
                    }
                """);
    }

    @Test
    void aThreadKeyedMapAlsoReadAsAWholeIsShared() {
        check("""
                            State state = STATES.computeIfAbsent(Thread.currentThread(), t -> new State());
                            state.add(to - from);
                """, """
                    static class State {
                        private long sum;
                        synchronized void add(long v) { sum += v; } // expect: intra-task-sync "computeIfAbsent(..) returns"
                    }
                    static final Map<Thread, State> STATES = new ConcurrentHashMap<>();
                    static int flushAll() { return STATES.values().size(); }
                """);
    }
}
