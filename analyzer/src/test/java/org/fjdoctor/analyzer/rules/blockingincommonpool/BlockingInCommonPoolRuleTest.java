package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class BlockingInCommonPoolRuleTest {

    @Test
    void parallelStreamsAndAsyncCallsWithoutAnExecutor() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Crawler.java", """
                        package p;

                        import java.io.IOException;
                        import java.io.InputStream;
                        import java.net.URL;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.ExecutorService;
                        import java.util.stream.Collectors;

                        class Crawler {
                            ExecutorService io;

                            static byte[] fetch(URL url) {
                                try (InputStream in = url.openStream()) { // expect: blocking-in-common-pool "URL.openStream"
                                    return in.readAllBytes(); // expect: blocking-in-common-pool "in Crawler.fetch() (run by a parallel stream)"
                                } catch (IOException e) {
                                    return new byte[0];
                                }
                            }

                            List<byte[]> all(List<URL> urls) {
                                return urls.parallelStream().map(Crawler::fetch).collect(Collectors.toList());
                            }

                            List<byte[]> sequential(List<URL> urls) {
                                return urls.stream().map(Crawler::fetch2).collect(Collectors.toList());
                            }

                            static byte[] fetch2(URL url) throws IOException {
                                return url.openStream().readAllBytes();
                            }

                            CompletableFuture<Void> later(Object lock) {
                                return CompletableFuture.runAsync(() -> {
                                    synchronized (lock) {
                                        try {
                                            lock.wait(); // expect: blocking-in-common-pool "Object.wait"
                                        } catch (InterruptedException e) {
                                            Thread.currentThread().interrupt();
                                        }
                                    }
                                });
                            }

                            CompletableFuture<Void> onItsOwnExecutor(Object lock) {
                                return CompletableFuture.runAsync(() -> {
                                    try {
                                        Thread.sleep(10);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                }, io);
                            }
                        }
                        """)
                .check();
    }

    @Test
    void waitsInTaskCodeStayWithTheTaskRulesButItsIoIsReported() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Scan.java", """
                        package p;

                        import java.io.IOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.concurrent.ForkJoinPool;
                        import java.util.concurrent.locks.Lock;

                        class Scan {
                            Lock lock;

                            java.util.concurrent.CompletableFuture<Long> sizeLater(Path file) {
                                return java.util.concurrent.CompletableFuture.completedFuture(file)
                                        .thenApplyAsync(p -> {
                                            try {
                                                lock.lock();
                                                return Files.readAllBytes(p).length + 0L; // expect: blocking-in-common-pool "code submitted to commonPool()"
                                            } catch (IOException e) {
                                                return -1L;
                                            } finally {
                                                lock.unlock();
                                            }
                                        }, ForkJoinPool.commonPool());
                            }

                            long run(List<Path> files) throws Exception {
                                return ForkJoinPool.commonPool().submit(() -> {
                                    lock.lock();
                                    try {
                                        return Files.size(files.get(0)) + Files.readAllBytes(files.get(1)).length; // expect: blocking-in-common-pool "Files I/O"
                                    } finally {
                                        lock.unlock();
                                    }
                                }).get();
                            }
                        }
                        """)
                .check();
    }

    /** Without Jsoup's jar the chain has no types: a chain from Jsoup.connect(..) is still a Connection. */
    @Test
    void jsoupRequestAtTheEndOfABuilderChainWithoutTheJar() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Pages.java", """
                        package p;

                        import java.util.List;
                        import org.jsoup.Jsoup;
                        import other.Http;

                        class Pages {
                            static String fetch(String url) {
                                try {
                                    return Jsoup.connect(url).timeout(70000).userAgent("bot").get().html(); // expect: blocking-in-common-pool "Jsoup HTTP request"
                                } catch (Exception e) {
                                    return "";
                                }
                            }

                            static Object prepare(String url) {
                                return Jsoup.connect(url).timeout(70000);
                            }

                            static Object other(String url) throws Exception {
                                return Http.connect(url).timeout(1).get();
                            }

                            void all(List<String> urls) {
                                urls.parallelStream().map(Pages::fetch).forEach(System.out::println);
                                urls.parallelStream().map(Pages::prepare).forEach(System.out::println);
                                urls.parallelStream().map(url -> {
                                    try {
                                        return other(url);
                                    } catch (Exception e) {
                                        return null;
                                    }
                                }).forEach(System.out::println);
                            }
                        }
                        """)
                .check();
    }
}
