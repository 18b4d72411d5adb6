package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * One pool per long operation is not a pool per call: a pool that a background job (a thread's {@code run()}, a
 * lambda handed to an executor) builds for its own work and shuts down when done, such as one crawl per site, and a
 * pool built per pass of an outer loop that serves an inner loop of submissions and is shut down after it. A pool
 * built per frame or per request by a method the analysed code never calls itself stays a finding, and so does a
 * background job's pool that is never shut down.
 */
class PoolPerLongOperationTest {

    private static final String TASK = PoolOncePerRunTest.TASK;

    @Test
    void aPoolShutDownAfterTheCrawlOfARunnableIsOnePerOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/SiteCrawl.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class SiteCrawl implements Runnable {
                    private final int pages;
                    SiteCrawl(int pages) { this.pages = pages; }
                    @Override
                    public void run() {
                        if (pages > 0) {
                            crawl(pages);
                        }
                    }
                    private static void crawl(int pages) {
                        ForkJoinPool pool = new ForkJoinPool();
                        Sum root = new Sum(pages);
                        pool.execute(root);
                        pool.shutdown();
                        root.join();
                    }
                    private static void leaky(int pages) {
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "never shut down"
                        pool.invoke(new Sum(pages));
                    }
                    static final class Leaky implements Runnable {
                        @Override
                        public void run() {
                            leaky(3);
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolThatAJobHandedToAnExecutorShutsDownInFinallyIsOnePerOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Indexing.java", """
                package p;
                import java.util.List;
                import java.util.concurrent.ExecutorService;
                import java.util.concurrent.Executors;
                import java.util.concurrent.ForkJoinPool;
                class Indexing {
                    private final SiteIndexer indexer = new SiteIndexer();
                    void start(List<Integer> sites) {
                        ExecutorService executor = Executors.newFixedThreadPool(4);
                        for (Integer site : sites) {
                            executor.submit(() -> indexer.index(site));
                        }
                        executor.shutdown();
                    }
                }
                class SiteIndexer {
                    void index(int site) {
                        ForkJoinPool pool = new ForkJoinPool();
                        try {
                            pool.invoke(new Sum(site));
                        } finally {
                            pool.shutdown();
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolClosedByTryWithResourcesInAThreadsJobIsOnePerOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Builder.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Builder {
                    void startBuild(int slices) {
                        new Thread(() -> build(slices)).start();
                    }
                    private void build(int slices) {
                        try (ForkJoinPool pool = new ForkJoinPool()) {
                            pool.invoke(new Sum(slices));
                        }
                    }
                }
                """).check();
    }

    @Test
    void anOverrideThatABuildThreadCallsOnceClosesItsPoolAfterTheBuild() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Stacks.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                abstract class Stack {
                    abstract void generate(int slices);
                }
                class ObliqueStack extends Stack {
                    @Override
                    void generate(int slices) {
                        try (ForkJoinPool pool = new ForkJoinPool()) {
                            pool.invoke(new Sum(slices));
                        }
                    }
                }
                class Viewer {
                    void open(int slices) {
                        new Thread("build") {
                            @Override
                            public void run() {
                                Stack stack = new ObliqueStack();
                                stack.generate(slices);
                            }
                        }.start();
                    }
                }
                abstract class Frame {
                    abstract void render(int width);
                }
                class TracedFrame extends Frame {
                    @Override
                    void render(int width) {
                        try (ForkJoinPool pool = new ForkJoinPool()) { // expect: pool-per-call "closed right after"
                            pool.invoke(new Sum(width));
                        }
                    }
                }
                class Animation {
                    void start(int width) {
                        new Thread(() -> new TracedFrame().render(width)).start();
                    }
                    void play(Frame frame, int frames) {
                        for (int i = 0; i < frames; i++) {
                            frame.render(i);
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolPerFrameOfAProducerCalledFromOutsideStaysAFinding() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Producer.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                interface Producer {
                    void produce(int width);
                }
                class RayCaster implements Producer {
                    @Override
                    public void produce(int width) {
                        ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "shut down right after"
                        pool.invoke(new Sum(width));
                        pool.shutdown();
                    }
                }
                """).check();
    }

    @Test
    void aJobsPoolCalledOnceForEachImageInsideTheJobStaysAFinding() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Images.java", """
                package p;
                import java.util.List;
                import java.util.concurrent.ForkJoinPool;
                class Images {
                    void startAll(List<Integer> images) {
                        new Thread(() -> {
                            for (Integer image : images) {
                                process(image);
                            }
                        }).start();
                    }
                    private void process(int image) {
                        try (ForkJoinPool pool = new ForkJoinPool()) { // expect: pool-per-call "closed right after"
                            pool.invoke(new Sum(image));
                        }
                    }
                }
                """).check();
    }

    @Test
    void aPoolPerPassThatServesAnInnerLoopAndIsShutDownIsOnePerOperation() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Levels.java", """
                package p;
                import java.util.concurrent.ForkJoinPool;
                class Levels {
                    long all(int[] levels) {
                        long total = 0;
                        for (int level : levels) {
                            ForkJoinPool pool = new ForkJoinPool(4);
                            int left = level;
                            do {
                                total += pool.invoke(new Sum(left));
                                left--;
                            } while (left > 0);
                            pool.shutdown();
                        }
                        return total;
                    }
                    long perPass(int[] levels) {
                        long total = 0;
                        for (int level : levels) {
                            ForkJoinPool pool = new ForkJoinPool(4); // expect: pool-per-call "once per iteration"
                            total += pool.invoke(new Sum(level));
                            pool.shutdown();
                        }
                        return total;
                    }
                }
                """).check();
    }
}
