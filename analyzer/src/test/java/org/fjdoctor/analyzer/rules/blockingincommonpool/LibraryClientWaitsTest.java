package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Library clients whose calls wait on the calling thread, their jars absent: commons-pool's borrow from an
 * exhausted pool, Hadoop's file system and its data streams, the GitHub API client's requests (a query builder's
 * {@code list().toList()} fetches every page). A fetched object's getters and the builder steps are no requests.
 */
class LibraryClientWaitsTest {

    @Test
    void borrowingFromAnObjectPoolWaitsWhenItIsExhausted() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Codec.java", """
                        package p;
                        import java.util.List;
                        import org.apache.commons.pool2.impl.GenericObjectPool;
                        class Codec {
                            private GenericObjectPool<StringBuilder> pool;
                            void encode(List<String> lists) {
                                lists.parallelStream().forEach(l -> { // expect: blocking-in-common-pool "ObjectPool.borrowObject"
                                    try {
                                        StringBuilder b = pool.borrowObject();
                                        b.append(l);
                                        pool.returnObject(b);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void count(List<String> lists) {
                                lists.parallelStream().forEach(l -> pool.getNumActive());
                            }
                        }
                        """)
                .check();
    }

    @Test
    void hadoopFileSystemCallsAndStreamsAreIo() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Probe.java", """
                        package p;
                        import java.util.List;
                        import org.apache.hadoop.fs.FSDataInputStream;
                        import org.apache.hadoop.fs.FSDataOutputStream;
                        import org.apache.hadoop.fs.FileSystem;
                        import org.apache.hadoop.fs.Path;
                        class Probe {
                            void write(List<String> paths, FileSystem fs, byte[] data) {
                                paths.parallelStream().forEach(p -> store(fs, new Path(p), data)); // expect: blocking-in-common-pool "Hadoop"
                            }
                            void read(List<String> paths, FileSystem fs, byte[] data) {
                                paths.parallelStream().forEach(p -> { // expect: blocking-in-common-pool "Hadoop FileSystem I/O"
                                    try {
                                        FSDataInputStream in = fs.open(new Path(p));
                                        in.read(data);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void read(List<FSDataInputStream> ins, long at) {
                                ins.parallelStream().forEach(in -> { // expect: blocking-in-common-pool "Hadoop stream read"
                                    try {
                                        in.seek(at);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void names(List<String> paths) {
                                paths.parallelStream().forEach(p -> new Path(p).getName());
                            }
                            private static void store(FileSystem fs, Path p, byte[] data) {
                                try (FSDataOutputStream out = fs.create(p)) {
                                    out.write(data);
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void gitHubClientRequestsAndPagedListsAreIo() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Cache.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import org.kohsuke.github.GHIssue;
                        import org.kohsuke.github.GHRepository;
                        class Cache {
                            private List<GHRepository> repositories;
                            private List<List<GHIssue>> issues;
                            Cache() {
                                CompletableFuture.runAsync(() -> update()); // expect: blocking-in-common-pool "GitHub API paged request"
                                CompletableFuture.runAsync(() -> repositories.forEach(r -> r.getName()));
                            }
                            private void update() {
                                issues = repositories.stream().map(repo -> {
                                    try {
                                        return repo.queryIssues().pageSize(1000).list().toList();
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                            void find(List<GHRepository> repos) {
                                repos.parallelStream().forEach(r -> { // expect: blocking-in-common-pool "GitHub API request"
                                    try {
                                        r.getIssue(7).getTitle();
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                            }
                        }
                        """)
                .check();
    }
}
