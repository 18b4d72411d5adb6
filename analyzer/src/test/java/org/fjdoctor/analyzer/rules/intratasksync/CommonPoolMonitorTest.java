package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * The functions of a parallel stream run on common-pool workers: a monitor that all of them take (a captured
 * local, a static, a shared {@code Collections.synchronized*} wrapper, a synchronized method of one shared
 * object) serializes those workers as it would a pool's tasks. A sequential stream, a monitor each element
 * creates for itself, and a {@code Lock} (blocking-in-common-pool's finding) are not this rule's.
 */
class CommonPoolMonitorTest {

    @Test
    void monitorsSharedByAParallelStreamsFunctions() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Index.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.locks.*;
                class Index {
                    static final Set<String> WORDS = Collections.synchronizedSet(new HashSet<>());
                    static final Lock LOCK = new ReentrantLock();
                    private final Counter counter = new Counter();
                    static final class Counter {
                        private long count;
                        synchronized void increment() { // expect: intra-task-sync "parallel stream"
                            count++;
                        }
                    }
                    void add(List<String> lines) {
                        Map<String, Integer> counts = new HashMap<>();
                        lines.parallelStream().forEach(line -> {
                            WORDS.add(line); // expect: intra-task-sync "wrapper"
                            synchronized (counts) { // expect: intra-task-sync "which runs in ForkJoinPool.commonPool()"
                                counts.merge(line, 1, Integer::sum);
                            }
                            counter.increment();
                            LOCK.lock();
                            try {
                                counts.size();
                            } finally {
                                LOCK.unlock();
                            }
                        });
                    }
                    void sequential(List<String> lines) {
                        Map<String, Integer> counts = new HashMap<>();
                        lines.stream().forEach(line -> {
                            synchronized (counts) {
                                counts.merge(line, 1, Integer::sum);
                            }
                        });
                    }
                    void ownMonitor(List<String> lines) {
                        lines.parallelStream().forEach(line -> {
                            StringBuilder own = new StringBuilder();
                            synchronized (own) {
                                own.append(line);
                            }
                        });
                    }
                }
                """).check();
    }
}
