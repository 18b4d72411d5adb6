package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/** Size tests that are no base case of a recursive split, and their reported twins. */
class OwnSplitTest {

    private static final String SEARCH = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class FolderSearch extends RecursiveTask<List<String>> {
                final List<String> docs;

                FolderSearch(List<String> docs) {
                    this.docs = docs;
                }

                @Override
                protected List<String> compute() {
                    List<String> found = new ArrayList<>();
                    if (docs.size() < 2) {%s
                        return found;
                    }
                    List<%s> tasks = new ArrayList<>();
                    for (String doc : docs) {
                        %s task = new %s;
                        tasks.add(task);
                        task.fork();
                    }
                    for (%s task : tasks) {
                        found.addAll(task.join());
                    }
                    return found;
                }
            }

            class DocSearch extends RecursiveTask<List<String>> {
                final String doc;

                DocSearch(String doc) {
                    this.doc = doc;
                }

                @Override
                protected List<String> compute() {
                    return doc.isEmpty() ? List.of() : List.of(doc);
                }
            }
            """;

    @Test
    void anEmptyEarlyExitOfATaskThatNeverSplitsItselfIsNoBaseCase() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/FolderSearch.java", SEARCH.formatted("", "DocSearch", "DocSearch", "DocSearch(doc)", "DocSearch"))
                .check();
    }

    @Test
    void theSameExitOfARecursiveSplitIsStillReported() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/FolderSearch.java", SEARCH.formatted(" // expect: no-sequential-cutoff", "FolderSearch",
                        "FolderSearch", "FolderSearch(List.of(doc))", "FolderSearch"))
                .check();
    }

    private static final String INVOKE_ALL = """
            package p;

            import java.util.ArrayList;
            import java.util.List;
            import java.util.concurrent.RecursiveTask;

            class InvokeAll extends RecursiveTask<List<Integer>> {
                final List<Crawl> tasks;

                InvokeAll(List<Crawl> tasks) {
                    this.tasks = tasks;
                }

                @Override
                protected List<Integer> compute() {
                    if (tasks.size() <= 1) {%s
                    }
                    int mid = tasks.size() / 2;
                    InvokeAll left = new InvokeAll(tasks.subList(0, mid));
                    InvokeAll right = new InvokeAll(tasks.subList(mid, tasks.size()));
                    right.fork();
                    List<Integer> all = new ArrayList<>(left.compute());
                    all.addAll(right.join());
                    return all;
                }
            }

            class Crawl extends RecursiveTask<Integer> {
                final String url;

                Crawl(String url) {
                    this.url = url;
                }

                @Override
                protected Integer compute() {
                    return url.length();
                }
            }
            """;

    @Test
    void aLeafThatForksAWholeTaskIsABlockOfWork() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/InvokeAll.java", INVOKE_ALL.formatted("\n"
                        + "            Crawl task = tasks.get(0);\n"
                        + "            task.fork();\n"
                        + "            return List.of(task.join());"))
                .check();
    }

    @Test
    void aLeafThatReadsOneElementIsStillReported() {
        RuleTester.of(NoSequentialCutoffRule.class)
                .source("p/InvokeAll.java", INVOKE_ALL.formatted(" // expect: no-sequential-cutoff\n"
                        + "            return List.of(tasks.get(0).url.length());"))
                .check();
    }
}
