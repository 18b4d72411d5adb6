package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * I/O that real applications write through library calls: a file's attributes read, or a file or folder created or
 * deleted, with {@code Files}; prints to a {@code PrintStream} or {@code PrintWriter} built over a file, Spring
 * Data's Redis and MongoDB templates and commons-io's whole-stream and whole-file helpers (matched by name: their jars are absent here). The console,
 * a print stream over memory and a path's name are no I/O.
 */
class LibraryIoTest {

    private static void check(String body) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", """
                        package p;
                        import java.io.*;
                        import java.net.URL;
                        import java.nio.file.*;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import org.apache.commons.io.FileUtils;
                        import org.apache.commons.io.IOUtils;
                        import org.springframework.data.mongodb.core.MongoTemplate;
                        import org.springframework.data.redis.core.RedisTemplate;
                        class Store {
                            private final RedisTemplate<String, Object> redis;
                            private final MongoTemplate mongo;
                            Store(RedisTemplate<String, Object> redis, MongoTemplate mongo) {
                                this.redis = redis;
                                this.mongo = mongo;
                            }
                        BODY
                        }
                        """.replace("BODY", body))
                .check();
    }

    @Test
    void aFileAttributeReadIsIo() {
        check("""
                    long covers(List<Path> paths) {
                        return paths.parallelStream().filter(p -> Files.isRegularFile(p)).count(); // expect: blocking-in-common-pool
                    }
                    long sizes(List<Path> paths) {
                        return paths.parallelStream().mapToLong(p -> { // expect: blocking-in-common-pool
                            try {
                                return Files.size(p);
                            } catch (IOException e) {
                                return 0;
                            }
                        }).sum();
                    }
                    long names(List<Path> paths) {
                        return paths.parallelStream().filter(p -> p.getFileName().toString().endsWith(".mp3")).count();
                    }
                """);
    }

    @Test
    void deletingAndCreatingFilesIsIo() {
        check("""
                    void prune(List<Path> backups) {
                        CompletableFuture.runAsync(() -> backups.forEach(p -> { // expect: blocking-in-common-pool
                            try {
                                Files.deleteIfExists(p);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }));
                    }
                    void folders(List<Path> dirs) {
                        dirs.parallelStream().forEach(d -> { // expect: blocking-in-common-pool
                            try {
                                Files.createDirectories(d);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                    long resolved(List<Path> paths) {
                        return paths.parallelStream().map(p -> p.resolveSibling("old")).count();
                    }
                """);
    }

    @Test
    void aPrintStreamOverAFileIsIoAndTheConsoleIsNot() {
        check("""
                    void dump(List<String> names) {
                        names.parallelStream().forEach(name -> { // expect: blocking-in-common-pool
                            try (PrintStream out = new PrintStream(new FileOutputStream(name + ".txt"))) {
                                out.println(name);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                    void write(List<String> names) {
                        names.parallelStream().forEach(name -> { // expect: blocking-in-common-pool
                            try (PrintWriter out = new PrintWriter(new File(name))) {
                                out.printf("%s%n", name);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                    void show(List<String> names) {
                        names.parallelStream().forEach(name -> System.out.println(name));
                    }
                    String render(List<String> names) {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        PrintStream out = new PrintStream(bytes);
                        names.parallelStream().forEach(name -> out.print(name));
                        return bytes.toString();
                    }
                """);
    }

    @Test
    void springDataTemplatesQueryTheServer() {
        check("""
                    CompletableFuture<Object> cached(String key) {
                        return CompletableFuture.supplyAsync(() -> redis.opsForValue().get(key)); // expect: blocking-in-common-pool
                    }
                    void save(List<Object> networks) {
                        networks.parallelStream().forEach(n -> mongo.save(n)); // expect: blocking-in-common-pool
                    }
                    CompletableFuture<Object> operations() {
                        return CompletableFuture.supplyAsync(() -> redis.opsForValue());
                    }
                """);
    }

    @Test
    void commonsIoReadsAndWritesBlock() {
        check("""
                    CompletableFuture<String> fetch(String url) {
                        return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                            try {
                                return IOUtils.toString(new URL(url), "UTF-8");
                            } catch (IOException e) {
                                return "";
                            }
                        });
                    }
                    void copy(List<File> files) {
                        files.parallelStream().forEach(f -> { // expect: blocking-in-common-pool
                            try {
                                FileUtils.copyFile(f, new File(f.getPath() + ".bak"));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
                    }
                    long sized(List<File> files) {
                        return files.parallelStream().map(f -> FileUtils.getFile(f, "x")).count();
                    }
                """);
    }
}
