package org.fjdoctor.analyzer.rules.scattereddata;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A loop that only builds each subtask, its small argument object included, and forks it is fork-all's
 * shape, not scattered data; an argument object that copies data is still preparation.
 */
class ArgumentObjectsTest {

    private static final String CRAWL = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.Optional;
            import java.util.concurrent.RecursiveAction;

            class Page {
                final String url; final String site; final List<String> links;
                Page(String url, String site) { this(url, site, List.of()); }
                Page(String url, String site, List<String> links) { this.url = url; this.site = site; this.links = links; }
                String getSite() { return site; }
                List<String> getLinks() { return links; }
            }

            class Crawl extends RecursiveAction {
                final Page page;
                Crawl(Page page) { this.page = page; }

                static Optional<Crawl> create(Page page) {
                    return page.url.isEmpty() ? Optional.empty() : Optional.of(new Crawl(page));
                }

                @Override
                protected void compute() {
                    List<Crawl> tasks = new ArrayList<>();
            %s
                    for (Crawl task : tasks) {
                        task.join();
                    }
                }
            }
            """;

    private static void check(String loop) {
        RuleTester.of(ScatteredDataRule.class).source("p/Crawl.java", CRAWL.formatted(loop)).check();
    }

    @Test
    void aSmallArgumentObjectIsPartOfBuildingTheSubtask() {
        check("""
                        for (String child : page.getLinks()) {
                            Page next = new Page(child, page.getSite());
                            Crawl task = new Crawl(next);
                            task.fork();
                            tasks.add(task);
                        }
                """);
        check("""
                        for (String child : page.getLinks()) {
                            Crawl task = new Crawl(new Page(child, page.getSite()));
                            task.fork();
                            tasks.add(task);
                        }
                """);
    }

    @Test
    void anArgumentGotThroughALombokGetterIsAPlainValue() {
        RuleTester.of(ScatteredDataRule.class).source("p/Crawl.java", CRAWL.replace(
                        "String getSite() { return site; }", "").replace("class Page {", "@lombok.Getter class Page {")
                .formatted("""
                        for (String child : page.getLinks()) {
                            Page next = new Page(child, page.getSite());
                            Crawl task = new Crawl(next);
                            task.fork();
                            tasks.add(task);
                        }
                """)).check();
    }

    @Test
    void anArgumentObjectThatCopiesAListIsPreparation() {
        check("""
                        for (String child : page.getLinks()) { // expect: scattered-data
                            Page next = new Page(child, page.getSite(), page.getLinks());
                            Crawl task = new Crawl(next);
                            task.fork();
                            tasks.add(task);
                        }
                """);
    }

    @Test
    void anArgumentObjectUsedBesideTheSubtaskIsPreparation() {
        check("""
                        for (String child : page.getLinks()) { // expect: scattered-data
                            Page next = new Page(child, page.getSite());
                            System.out.println(next.url);
                            Crawl task = new Crawl(next);
                            task.fork();
                            tasks.add(task);
                        }
                """);
    }

    @Test
    void aFactoryGivingAnOptionalSubtaskAndAReportOnTheOtherBranchAreNoPreparation() {
        check("""
                        for (String child : page.getLinks()) {
                            Optional<Crawl> task = Crawl.create(new Page(child, page.getSite()));
                            if (task.isPresent()) {
                                tasks.add(task.get());
                                if (tasks.size() > 1) {
                                    task.get().fork();
                                }
                            } else {
                                System.err.println(child);
                            }
                        }
                """);
    }
}
