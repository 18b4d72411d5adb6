package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * An overload of the same arity with other parameter types is another method, not a second implementation of the
 * one called: a call of {@code getHtml(Page)} beside {@code getHtml(String)} has one target, so a pause behind it is
 * reached exactly (not dropped as a guessed dispatch), and a pause in the overload the task never calls is not
 * reached at all.
 */
class SameArityOverloadTest {

    private static final String PAGE = """
            package p;
            class Page {
                final String url;
                Page(String url) { this.url = url; }
            }
            """;

    @Test
    void aPauseBehindACallWithASameArityOverloadIsReachedExactly() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Page.java", PAGE).source("p/Fetcher.java", """
                package p;
                class Fetcher {
                    String getHtml(String url) throws InterruptedException {
                        Thread.sleep(400); // expect: sleepy-worker
                        return url;
                    }
                    String getHtml(Page page) throws InterruptedException {
                        return getHtml(page.url);
                    }
                    String getPage(Page page) {
                        try {
                            return getHtml(page);
                        } catch (InterruptedException e) {
                            return "";
                        }
                    }
                }
                """).source("p/Crawl.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    final Fetcher fetcher;
                    final Page page;
                    Crawl(Fetcher fetcher, Page page) { this.fetcher = fetcher; this.page = page; }
                    @Override
                    protected void compute() {
                        fetcher.getPage(page);
                    }
                    static void start(String url) {
                        new Crawl(new Fetcher(), new Page(url)).invoke();
                    }
                }
                """).check();
    }

    @Test
    void aPauseInTheOverloadATaskNeverCallsIsNotReached() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Page.java", PAGE).source("p/Crawl.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    final Page page;
                    int length;
                    Crawl(Page page) { this.page = page; }
                    void fetch(String url) throws InterruptedException {
                        Thread.sleep(400);
                        length = url.length();
                    }
                    void fetch(Page page) {
                        length = page.url.length();
                    }
                    @Override
                    protected void compute() {
                        fetch(page);
                    }
                    static int start(String url) {
                        Crawl crawl = new Crawl(new Page(url));
                        crawl.invoke();
                        return crawl.length;
                    }
                }
                """).check();
    }

    @Test
    void anOverrideThatFixesAGenericParameterIsStillTheImplementation() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Step.java", """
                package p;
                abstract class Step<T> {
                    abstract void run(T item);
                    void run(Integer count) { }
                }
                class Napper extends Step<String> {
                    @Override
                    void run(String item) {
                        try { Thread.sleep(400); } catch (InterruptedException e) { } // expect: sleepy-worker
                    }
                }
                """).source("p/Each.java", """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Each extends RecursiveAction {
                    final Step<String> step;
                    final String item;
                    Each(Step<String> step, String item) { this.step = step; this.item = item; }
                    @Override
                    protected void compute() {
                        step.run(item);
                    }
                    static void start(String item) {
                        new Each(new Napper(), item).invoke();
                    }
                }
                """).check();
    }
}
