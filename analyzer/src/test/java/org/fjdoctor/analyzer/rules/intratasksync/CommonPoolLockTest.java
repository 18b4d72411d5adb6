package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.junit.jupiter.api.Test;

/**
 * The functions of a parallel stream run on common-pool workers, every element at once: a lock that all of them
 * take on one object (a static, a field of the captured {@code this}, a captured local or parameter, a shared
 * {@code Collections.synchronized*} wrapper, the monitor of the object a method reference is bound to) serializes
 * those workers as it would a pool's tasks. Silent: the element's own monitor, a lock made per element, a lock
 * looked up from the element, a lazily initialised lock, one behind a lock-free test of state that returns
 * early, one taken every n-th element, one reached through a call dispatched by type to one of several
 * implementations, and a single {@code *Async} call, which runs one copy.
 */
class CommonPoolLockTest {

    @Test
    void locksEveryElementTakesOnOneObject() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Index.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.concurrent.locks.*;
                class Index {
                    static final Set<String> WORDS = Collections.synchronizedSet(new HashSet<>());
                    static final Lock LOCK = new ReentrantLock();
                    private final Object guard = new Object();
                    private final Writer writer = new Writer();
                    static final class Writer {
                        private final StringBuilder out = new StringBuilder();
                        synchronized void write(String line) { // expect: intra-task-sync "locks the monitor of the object writer that the method reference is bound to"
                            out.append(line);
                        }
                    }
                    void add(List<String> lines, StringBuilder log) {
                        Map<String, Integer> counts = new HashMap<>();
                        lines.parallelStream().forEach(line -> {
                            WORDS.add(line); // expect: intra-task-sync "static field Index.WORDS"
                            synchronized (counts) { // expect: intra-task-sync "the local counts, captured from outside the pipeline"
                                counts.merge(line, 1, Integer::sum);
                            }
                            synchronized (guard) { // expect: intra-task-sync "common-pool code: every element of a parallel stream"
                                counts.size();
                            }
                            synchronized (log) { // expect: intra-task-sync "the parameter log"
                                log.append(line);
                            }
                            writer.write(line);
                            LOCK.lock(); // expect: intra-task-sync "Lock.lock"
                            try {
                                counts.size();
                            } finally {
                                LOCK.unlock();
                            }
                        });
                        lines.parallelStream().forEach(writer::write);
                    }
                }
                """).check();
    }

    @Test
    void perElementAndOnceOnlyLocksAreSilent() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Genes.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                import java.util.concurrent.atomic.*;
                import java.util.concurrent.locks.*;
                class Genes {
                    static final class Gene {
                        final List<String> variants = new ArrayList<>();
                        synchronized void add(String v) {
                            variants.add(v);
                        }
                    }
                    private final Map<String, Lock> locks = new ConcurrentHashMap<>();
                    private volatile Object cache;
                    private final AtomicInteger done = new AtomicInteger();
                    private final Object progress = new Object();
                    static final AtomicBoolean STARTED = new AtomicBoolean();
                    static void start() {
                        if (STARTED.get()) {
                            return;
                        }
                        synchronized (Genes.class) {
                            STARTED.compareAndSet(false, true);
                        }
                    }
                    interface Store {
                        void put(String s);
                    }
                    static final class FileStore implements Store {
                        public void put(String s) {
                            synchronized (Genes.class) {
                                s.length();
                            }
                        }
                    }
                    static final class MemoryStore implements Store {
                        public void put(String s) {
                            synchronized (Genes.class) {
                                s.length();
                            }
                        }
                    }
                    static final List<Store> STORES = List.of(new FileStore(), new MemoryStore());
                    void store(List<Gene> genes, Store store) {
                        genes.parallelStream().forEach(gene -> store.put(gene.toString()));
                    }
                    void annotate(List<Gene> genes) {
                        genes.parallelStream().forEach(gene -> {
                            start();
                            synchronized (gene) {
                                gene.variants.clear();
                            }
                            gene.add("x");
                            Lock own = new ReentrantLock();
                            own.lock();
                            try {
                                gene.variants.size();
                            } finally {
                                own.unlock();
                            }
                            Lock byKey = locks.get(gene.toString());
                            byKey.lock();
                            byKey.unlock();
                            if (cache == null) {
                                synchronized (this) {
                                    if (cache == null) {
                                        cache = new Object();
                                    }
                                }
                            }
                            if (done.incrementAndGet() % 100 == 0) {
                                synchronized (progress) {
                                    progress.notifyAll();
                                }
                            }
                            synchronized (locks) { // expect: intra-task-sync "the field Genes.locks of this Genes"
                                locks.size();
                            }
                        });
                        genes.stream().forEach(gene -> {
                            synchronized (progress) {
                                gene.add("y");
                            }
                        });
                        CompletableFuture.runAsync(() -> {
                            synchronized (progress) {
                                genes.clear();
                            }
                        });
                    }
                }
                """).check();
    }

    @Test
    void asyncCallsIssuedPerElementShareWhatIsCapturedOutsideTheLoop() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fetcher.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Fetcher {
                    void fetch(List<String> urls) {
                        List<String> results = new ArrayList<>();
                        for (String url : urls) {
                            List<String> own = new ArrayList<>();
                            CompletableFuture.runAsync(() -> {
                                synchronized (results) { // expect: intra-task-sync "every *Async call issued in the loop"
                                    results.add(url);
                                }
                                synchronized (own) {
                                    own.add(url);
                                }
                            });
                        }
                    }
                }
                """).check();
    }

    @Test
    void continuationsOfCommonPoolFuturesChainedInALoopShareWhatIsCapturedOutsideIt() {
        // thenAccept/exceptionally/thenRun run on the worker that completes each supplyAsync stage: one copy per
        // element; the same chain on an executor's futures runs on that executor's threads
        RuleTester.of(IntraTaskSyncRule.class).source("p/Suggest.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Suggest {
                    static final class State {
                        long last;
                        synchronized void record(String s) {
                            last = s.length();
                        }
                        synchronized void flushIfNeeded() { // expect: intra-task-sync "continuation"
                            last = 0;
                        }
                        synchronized void onExecutor() {
                            last = 1;
                        }
                    }
                    void suggest(List<String> pairs, ExecutorService executor) {
                        State state = new State();
                        List<CompletableFuture<Void>> all = new ArrayList<>();
                        for (String pair : pairs) {
                            var future = CompletableFuture.supplyAsync(() -> pair.trim())
                                    .thenAccept(s -> s.length())
                                    .exceptionally(e -> null)
                                    .thenRun(() -> state.flushIfNeeded());
                            all.add(future);
                            CompletableFuture.supplyAsync(() -> pair.trim(), executor)
                                    .thenAccept(s -> s.length())
                                    .thenRun(() -> state.onExecutor());
                        }
                        CompletableFuture.completedFuture("x").thenAccept(s -> state.record(s));
                    }
                }
                """).check();
    }

    @Test
    void aSharedLockIsNotAlsoBlockingInCommonPool() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Counter.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.locks.*;
                class Counter {
                    static final Lock LOCK = new ReentrantLock();
                    long total;
                    void count(List<String> lines) {
                        lines.parallelStream().forEach(line -> {
                            LOCK.lock();
                            try {
                                total += line.length();
                            } finally {
                                LOCK.unlock();
                            }
                        });
                        // each copy's own lock: no copy waits for another, so neither rule reports it
                        lines.parallelStream().forEach(line -> {
                            Lock own = new ReentrantLock();
                            own.lock();
                            own.unlock();
                        });
                    }
                }
                """).check();
    }
}
