package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A task forked, invoked or handed to {@code invokeAll} by code that runs on no pool's worker (a plain thread, a
 * request handler) runs in {@code ForkJoinPool.commonPool()}: {@code fork()} outside a worker pushes onto the
 * common pool's queue. Its I/O then holds a common-pool worker, as a parallel stream's would. A task tree
 * submitted to a pool of its own keeps its I/O there.
 */
class ForkOutsidePoolTest {

    private static final String CRAWL = """
            package p;
            import java.io.*;
            import java.net.URL;
            import java.util.*;
            import java.util.concurrent.*;
            class Crawl extends RecursiveAction {
                final String url;
                Crawl(String url) { this.url = url; }
                static String fetch(String url) {
                    try (InputStream in = new URL(url).openStream()) {
                        return new String(in.readAllBytes());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                @Override
                protected void compute() {
                    String page = fetch(url);EXPECT
                    List<Crawl> links = new ArrayList<>();
                    for (String link : page.split(" ")) {
                        links.add(new Crawl(link));
                    }
                    invokeAll(links);
                }
            }
            """;

    private static void check(String manager, boolean commonPool) {
        check(manager, commonPool ? " // expect: blocking-in-common-pool" : "");
    }

    private static void check(String manager, String expectation) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Crawl.java", CRAWL.replace("EXPECT", expectation))
                .source("p/Manager.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.*;
                        class Manager {
                            private final ForkJoinPool pool = new ForkJoinPool(4);
                            void start(List<String> sites) {
                                List<Crawl> tasks = new ArrayList<>();
                                for (String site : sites) {
                                    tasks.add(new Crawl(site));
                                }
                                new Thread(() -> run(tasks)).start();
                            }
                        BODY
                        }
                        """.replace("BODY", manager))
                .check();
    }

    @Test
    void rootsForkedFromAPlainThreadRunInTheCommonPool() {
        check("""
                    void run(Collection<? extends ForkJoinTask<?>> tasks) {
                        tasks.forEach(ForkJoinTask::fork);
                        tasks.forEach(ForkJoinTask::join);
                    }
                """, true);
        check("""
                    void run(List<Crawl> tasks) {
                        for (Crawl task : tasks) {
                            task.fork();
                        }
                        tasks.forEach(Crawl::join);
                    }
                """, true);
        check("""
                    void run(List<Crawl> tasks) {
                        ForkJoinTask.invokeAll(tasks);
                    }
                """, true);
    }

    @Test
    void rootsSubmittedToAPoolOfTheirOwnStayThere() {
        check("""
                    void run(List<Crawl> tasks) {
                        for (Crawl task : tasks) {
                            pool.invoke(task);
                        }
                    }
                """, false);
        check("""
                    void run(List<Crawl> tasks) {
                        pool.submit(() -> ForkJoinTask.invokeAll(tasks)).join();
                    }
                """, false);
    }

    @Test
    void rootsHandedToTheCommonPoolRunThere() {
        check("""
                    void run(List<Crawl> tasks) {
                        for (Crawl task : tasks) {
                            ForkJoinPool.commonPool().invoke(task);
                        }
                    }
                """, " // expect: blocking-in-common-pool \"task, which invoke(..) hands to the common pool\"");
        check("""
                    void run(List<Crawl> tasks) {
                        ExecutorService common = ForkJoinPool.commonPool();
                        tasks.forEach(task -> common.submit(task));
                    }
                """, true);
    }

    @Test
    void rootsHandedToAnotherPoolOrAsPlainWorkStayThere() {
        check("""
                    void run(List<Crawl> tasks) {
                        ForkJoinPool other = new ForkJoinPool(2);
                        tasks.forEach(task -> other.execute(task));
                    }
                """, false);
    }
}
