package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A common-pool function that only starts another {@code *Async} call does not wait for it: the blocking work
 * of the inner lambda (or of what it calls) is the inner submission's finding, at its own site, not the outer
 * one's. An outer function that blocks itself stays a finding.
 */
class NestedAsyncTest {

    @Test
    void theInnerSubmissionOwnsItsBlocking() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Reset.java", """
                        package p;
                        import java.io.IOException;
                        import java.nio.file.*;
                        import java.util.concurrent.CompletableFuture;
                        class Reset {
                            void reset(Path dir) {
                                CompletableFuture.runAsync(() -> {
                                    System.out.println("starting");
                                    CompletableFuture.runAsync(() -> read(dir)); // expect: blocking-in-common-pool
                                });
                                CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool
                                    read(dir);
                                    CompletableFuture.runAsync(() -> System.out.println("done"));
                                });
                            }
                            static byte[] read(Path file) {
                                try {
                                    return Files.readAllBytes(file);
                                } catch (IOException e) {
                                    return new byte[0];
                                }
                            }
                        }
                        """).check();
    }
}
