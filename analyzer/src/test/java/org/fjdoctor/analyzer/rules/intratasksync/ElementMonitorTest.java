package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A parallel pipeline hands each element of its source to one of its tasks: a lock on the element itself (its
 * monitor, a lock object it makes for itself) is taken by that task alone, as no other element is the same object.
 * The same lock reached from a sequential loop that every subtask runs over the whole list, or a lock on an object
 * all elements reach, is shared.
 */
class ElementMonitorTest {

    private static final String SEGMENT = """
            package p;
            import java.util.concurrent.locks.*;
            class Segment {
                static final Object CACHE = new Object();
                private final Lock lock = new ReentrantLock();
                private int counts;
                synchronized void addCounts(int n) {MONITOR
                    counts += n;
                }
                void build() {
                    lock.lock();LOCK
                    try {
                        counts++;
                    } finally {
                        lock.unlock();
                    }
                }
                void cache() {
                    synchronized (CACHE) { // expect: intra-task-sync "static field Segment.CACHE"
                        counts--;
                    }
                }
            }
            """;

    private static void check(String compute, boolean shared) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Segment.java", SEGMENT.replace("MONITOR", shared ? " // expect: intra-task-sync" : "")
                        .replace("LOCK", shared ? " // expect: intra-task-sync" : ""))
                .source("p/Volume.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.*;
                        class Volume extends RecursiveAction {
                            final List<Segment> segments;
                            final int from, to;
                            Volume(List<Segment> segments, int from, int to) {
                                this.segments = segments;
                                this.from = from;
                                this.to = to;
                            }
                            @Override
                            protected void compute() {
                                if (to - from > 1) {
                                    int mid = (from + to) >>> 1;
                                    invokeAll(new Volume(segments, from, mid), new Volume(segments, mid, to));
                                    return;
                                }
                        COMPUTE
                            }
                        }
                        """.replace("COMPUTE", compute))
                .check();
    }

    @Test
    void eachElementOfAParallelPipelineLocksItsOwnMonitor() {
        check("""
                        segments.parallelStream().forEach(segment -> {
                            segment.addCounts(1);
                            segment.build();
                            segment.cache();
                        });
                """, false);
        check("""
                        segments.parallelStream().filter(Objects::nonNull).map(segment -> {
                            segment.addCounts(1);
                            segment.build();
                            segment.cache();
                            return segment;
                        }).count();
                """, false);
    }

    @Test
    void aSequentialLoopThatEverySubtaskRunsSharesTheElements() {
        check("""
                        segments.forEach(segment -> {
                            segment.addCounts(1);
                            segment.build();
                            segment.cache();
                        });
                """, true);
        check("""
                        segments.stream().forEach(segment -> {
                            segment.addCounts(1);
                            segment.build();
                            segment.cache();
                        });
                """, true);
    }

    @Test
    void elementsLookedUpByAParallelPipelineMayBeTheSameObject() {
        check("""
                        segments.parallelStream().map(segment -> segments.get(0)).forEach(segment -> {
                            segment.addCounts(1);
                            segment.build();
                            segment.cache();
                        });
                """, true);
    }

    /** A subtask per element of {@code segments}, each made with {@code argument}, that locks what it was given. */
    private static void checkSubtasks(String argument, boolean shared) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Segment.java", """
                        package p;
                        class Segment {
                            int counts;
                        }
                        """)
                .source("p/Leaf.java", """
                        package p;
                        import java.util.concurrent.*;
                        class Leaf extends RecursiveAction {
                            private final Segment segment;
                            Leaf(Segment segment) { this.segment = segment; }
                            @Override
                            protected void compute() {
                                synchronized (segment) {MARK
                                    segment.counts++;
                                }
                            }
                        }
                        """.replace("MARK", shared ? " // expect: intra-task-sync \"constructor parameter segment\"" : ""))
                .source("p/Volume.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.*;
                        class Volume extends RecursiveAction {
                            final List<Segment> segments;
                            final Segment whole = new Segment();
                            Volume(List<Segment> segments) { this.segments = segments; }
                            @Override
                            protected void compute() {
                                List<Leaf> leaves = new ArrayList<>();
                                for (Segment segment : segments) {
                                    Leaf leaf = new Leaf(ARGUMENT);
                                    leaf.fork();
                                    leaves.add(leaf);
                                }
                                leaves.forEach(Leaf::join);
                            }
                        }
                        """.replace("ARGUMENT", argument))
                .check();
    }

    @Test
    void aSubtaskPerElementOwnsItsElement() {
        checkSubtasks("segment", false);
        checkSubtasks("new Segment()", false);
    }

    @Test
    void subtasksHandedTheSameObjectShareIt() {
        checkSubtasks("whole", true);
    }
}
