package org.fjdoctor.analyzer.rules.forkthenjoin;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Inside a lambda handed to a library type that is not on the classpath ({@code doc.select("a").forEach(link ->
 * ..)} with jsoup missing), Spoon names the file's own task class without its package ({@code SiteParseAction})
 * when the file also imports a package with a wildcard: it is still the task class of the file's package, and its
 * fork and join are seen.
 */
class UnresolvedLambdaTest {

    @Test
    void aTaskNamedWithoutItsPackageInsideAnUnresolvedLambdaIsStillATask() {
        RuleTester.of(ForkThenJoinRule.class).source("p/crawl/PageAction.java", """
                package p.crawl;
                import lombok.AllArgsConstructor;
                import org.jsoup.nodes.Document;
                import java.util.*;
                import java.util.concurrent.RecursiveAction;
                @AllArgsConstructor
                public class PageAction extends RecursiveAction {
                    private Document doc;
                    private String url;
                    @Override
                    protected void compute() {
                        doc.select("a").forEach(link -> {
                            PageAction action = new PageAction(doc, link.absUrl("href"));
                            action.fork(); // expect: fork-then-join
                            action.join();
                        });
                    }
                }
                """).check();
    }
}
