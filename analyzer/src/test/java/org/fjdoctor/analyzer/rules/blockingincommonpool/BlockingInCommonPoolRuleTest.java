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
                                try (InputStream in = url.openStream()) {
                                    return in.readAllBytes();
                                } catch (IOException e) {
                                    return new byte[0];
                                }
                            }

                            List<byte[]> all(List<URL> urls) {
                                return urls.parallelStream().map(Crawler::fetch).collect(Collectors.toList()); // expect: blocking-in-common-pool "This parallel stream runs in ForkJoinPool.commonPool() and blocks there: URL.openStream/openConnection in Crawler.fetch() (run by a parallel stream) and 1 more blocking call"
                            }

                            List<byte[]> sequential(List<URL> urls) {
                                return urls.stream().map(Crawler::fetch2).collect(Collectors.toList());
                            }

                            static byte[] fetch2(URL url) throws IOException {
                                return url.openStream().readAllBytes();
                            }

                            CompletableFuture<Void> later(Object lock) {
                                return CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool "runAsync(..) without an executor runs in ForkJoinPool.commonPool() and blocks there: Object.wait"
                                    synchronized (lock) {
                                        try {
                                            lock.wait();
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
                                        .thenApplyAsync(p -> { // expect: blocking-in-common-pool "code submitted to commonPool() by thenApplyAsync(..)"
                                            try {
                                                lock.lock();
                                                return Files.readAllBytes(p).length + 0L;
                                            } catch (IOException e) {
                                                return -1L;
                                            } finally {
                                                lock.unlock();
                                            }
                                        }, ForkJoinPool.commonPool());
                            }

                            long run(List<Path> files) throws Exception {
                                return ForkJoinPool.commonPool().submit(() -> { // expect: blocking-in-common-pool "blocks there: Files I/O in lambda in Scan.run() (run by code submitted to commonPool())"
                                    lock.lock();
                                    try {
                                        return Files.size(files.get(0)) + Files.readAllBytes(files.get(1)).length;
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
                                    return Jsoup.connect(url).timeout(70000).userAgent("bot").get().html();
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
                                urls.parallelStream().map(Pages::fetch).forEach(System.out::println); // expect: blocking-in-common-pool "Jsoup HTTP request"
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

    /**
     * The finding is where the work is submitted, once per pipeline or *Async call, not on each blocking call
     * below it: that is where a maintainer passes an executor of its own.
     */
    @Test
    void oneFindingPerSubmissionSiteAtTheSite() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Index.java", """
                        package p;

                        import java.io.IOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.Set;
                        import java.util.stream.Collectors;

                        class Index {
                            static String read(Path file) {
                                try {
                                    return Files.readString(file);
                                } catch (IOException e) {
                                    return "";
                                }
                            }

                            static long size(Path file) {
                                try {
                                    return Files.size(file);
                                } catch (IOException e) {
                                    return 0;
                                }
                            }

                            static boolean matches(Path file, String word) {
                                return read(file).contains(word) && size(file) > 0;
                            }

                            Set<Path> find(List<Path> files, String word) {
                                return files.parallelStream()
                                        .filter(file -> matches(file, word)) // expect: blocking-in-common-pool "This parallel stream runs in ForkJoinPool.commonPool() and blocks there: Files I/O through lambda in Index.find() (run by a parallel stream) -> Index.matches() -> Index.read() and 1 more blocking call. "
                                        .map(file -> file)
                                        .peek(Index::read)
                                        .collect(Collectors.toSet());
                            }
                        }
                        """)
                .check();
    }

    /**
     * Waits that do not hold a worker idle: a CompletableFuture's join() (the JDK waits in a managed block),
     * a write only in a catch clause (a failure report), I/O on a stream over memory.
     */
    @Test
    void waitsTheJdkCompensatesAndErrorPathsAreNoFinding() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Plan.java", """
                        package p;

                        import java.io.ByteArrayInputStream;
                        import java.io.IOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;

                        class Plan {
                            static int fetch(int i) {
                                return i;
                            }

                            static int both(int i) {
                                CompletableFuture<Integer> a = CompletableFuture.completedFuture(i);
                                CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> fetch(i));
                                return a.join() + b.join();
                            }

                            static int check(int i, Path log) {
                                try {
                                    if (i < 0) {
                                        throw new IllegalStateException();
                                    }
                                    return i;
                                } catch (IllegalStateException e) {
                                    try {
                                        Files.writeString(log, "failed " + i);
                                    } catch (IOException io) {
                                        throw new RuntimeException(io);
                                    }
                                    return 0;
                                }
                            }

                            static int decode(byte[] bytes) {
                                try {
                                    return new ByteArrayInputStream(bytes).read();
                                } catch (Exception e) {
                                    return -1;
                                }
                            }

                            int all(List<Integer> keys, Path log, byte[] bytes) {
                                return keys.parallelStream().mapToInt(Plan::both).sum()
                                        + keys.parallelStream().mapToInt(i -> check(i, log)).sum()
                                        + keys.parallelStream().mapToInt(i -> decode(bytes)).sum();
                            }
                        }
                        """)
                .check();
    }

    /**
     * A Spring Data repository's query methods run JDBC (or a store's driver) on the calling thread: without
     * the jar, a project interface extending JpaRepository still names it as its supertype. A reactive
     * repository returns at once, and a project interface of the same shape that is no repository is not I/O.
     */
    @Test
    void springDataRepositoryQueriesWithoutTheJar() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/PageRepository.java", """
                        package p;

                        import java.util.List;
                        import org.springframework.data.jpa.repository.JpaRepository;

                        public interface PageRepository extends JpaRepository<Page, Integer> {
                            List<Page> findByPath(String path);
                        }
                        """)
                .source("p/LemmaStore.java", """
                        package p;

                        import org.springframework.data.repository.reactive.ReactiveCrudRepository;

                        public interface LemmaStore extends ReactiveCrudRepository<Page, Integer> {
                            Object findByLemma(String lemma);
                        }
                        """)
                .source("p/Pages.java", """
                        package p;

                        import java.util.List;
                        import java.util.Map;
                        import java.util.concurrent.ConcurrentHashMap;

                        interface Page {
                        }

                        interface Finder {
                            List<Page> findByPath(String path);
                        }

                        class Pages {
                            PageRepository pages;
                            LemmaStore lemmas;
                            Finder finder;

                            private int count(String path) {
                                return pages.findByPath(path).size();
                            }

                            Map<String, Integer> counts(List<String> paths) {
                                Map<String, Integer> counts = new ConcurrentHashMap<>();
                                paths.parallelStream().forEach(path -> counts.put(path, count(path))); // expect: blocking-in-common-pool "Spring Data repository query"
                                return counts;
                            }

                            long existing(List<String> paths) {
                                return paths.parallelStream().filter(path -> pages.existsById(path.length())).count(); // expect: blocking-in-common-pool "Spring Data repository query"
                            }

                            void reactive(List<String> words) {
                                words.parallelStream().map(lemmas::findByLemma).forEach(System.out::println);
                            }

                            long plain(List<String> paths) {
                                return paths.parallelStream().mapToInt(path -> finder.findByPath(path).size()).sum();
                            }
                        }
                        """)
                .check();
    }

    /** JdbcTemplate and JPA run their statements on the calling thread; building a query runs nothing yet. */
    @Test
    void jdbcTemplateAndJpaQueriesWithoutTheJars() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Orders.java", """
                        package p;

                        import java.util.List;
                        import jakarta.persistence.EntityManager;
                        import jakarta.persistence.TypedQuery;
                        import org.springframework.jdbc.core.JdbcTemplate;

                        class Orders {
                            JdbcTemplate jdbc;
                            EntityManager em;

                            long rows(List<String> tables) {
                                return tables.parallelStream().mapToLong(t -> jdbc.queryForList("select * from " + t).size()).sum(); // expect: blocking-in-common-pool "JdbcTemplate query"
                            }

                            long found(List<Long> ids) {
                                return ids.parallelStream().filter(id -> em.find(Object.class, id) != null).count(); // expect: blocking-in-common-pool "EntityManager I/O"
                            }

                            long listed(List<String> names) {
                                return names.parallelStream().mapToLong(n -> { // expect: blocking-in-common-pool "JPA query"
                                    TypedQuery<Object> query = em.createQuery(n, Object.class);
                                    return query.getResultList().size();
                                }).sum();
                            }

                            long prepared(List<String> names) {
                                return names.parallelStream().map(em::createQuery).count();
                            }
                        }
                        """)
                .check();
    }
}
