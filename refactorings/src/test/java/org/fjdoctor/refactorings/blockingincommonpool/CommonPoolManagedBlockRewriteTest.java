package org.fjdoctor.refactorings.blockingincommonpool;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommonPoolManagedBlockRewriteTest {

    private static final String LOOKUP = """
            package p;

            import java.util.stream.IntStream;

            class Lookup {
                static long latency = 2;

                static long lookup(int key) {
                    try {
                        Thread.sleep(latency);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return key * 3L;
                }

                static long all(int keys) {
                    return IntStream.range(0, keys).parallel().mapToLong(Lookup::lookup).sum();
                }
            }
            """;

    @Test
    void wrapsTheSleepOfAParallelStreamForReview() {
        String after = replaceOnce(LOOKUP, """
                        Thread.sleep(latency);
                """, """
                        java.util.concurrent.ForkJoinPool.managedBlock(new java.util.concurrent.ForkJoinPool.ManagedBlocker() {
                                private boolean done;

                                @Override
                                public boolean block() throws InterruptedException {
                                    Thread.sleep(latency);
                                    done = true;
                                    return true;
                                }

                                @Override
                                public boolean isReleasable() {
                                    return done;
                                }
                            });
                """);
        RewriteTester.of(CommonPoolManagedBlockRewrite.class)
                .before("p/Lookup.java", LOOKUP)
                .after("p/Lookup.java", after)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void ioThatThrowsIoExceptionIsLeftManualWithAnExecutorAdvice(@TempDir Path root) {
        RewriteTester.Result result = RewriteTester.rewrite(root, Map.of("p/Read.java", """
                package p;

                import java.io.IOException;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.util.List;

                class Read {
                    static long size(Path p) {
                        try {
                            byte[] data = Files.readAllBytes(p);
                            return data.length;
                        } catch (IOException e) {
                            return -1;
                        }
                    }

                    static long total(List<Path> files) {
                        return files.parallelStream().mapToLong(Read::size).sum();
                    }
                }
                """), "blocking-in-common-pool", true);
        assertEquals(1, result.plans().size());
        assertTrue(result.plans().get(0).plan().isManual());
        assertTrue(result.plans().get(0).plan().manualReason().contains("IOException"),
                result.plans().get(0).plan().manualReason());
        assertTrue(result.plans().get(0).plan().manualReason().contains("dedicated executor"));
    }
}
