package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Libraries that read or write what they are handed (their jars absent here): Jackson's reads and writes of a file,
 * URL or stream, commons-io's line iterator over a file and HttpClient's EntityUtils reading a response body. Jackson's
 * overloads over a string, a byte array or a stream over memory parse in memory and stay silent, and so does a call
 * whose argument's type is unknown.
 */
class DataFormatApisTest {

    @Test
    void jacksonReadsAndWritesOfAFileOrAStreamAreIo() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", """
                        package p;
                        import com.fasterxml.jackson.databind.JsonNode;
                        import com.fasterxml.jackson.databind.ObjectMapper;
                        import java.io.File;
                        import java.io.FileInputStream;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.net.URL;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        class Store {
                            private final ObjectMapper mapper = new ObjectMapper();
                            static File file(String name) {
                                return new File(name);
                            }
                            CompletableFuture<JsonNode> tree(String name) {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "Jackson read"
                                    try {
                                        return new ObjectMapper().readTree(file(name));
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                            }
                            List<Object> values(List<String> names) {
                                return names.parallelStream().map(n -> { // expect: blocking-in-common-pool "Jackson read"
                                    try (FileInputStream in = new FileInputStream(n)) {
                                        return mapper.readValue(in, Object.class);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                            void save(File target, JsonNode node) {
                                CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool "Jackson write"
                                    try {
                                        mapper.writeValue(target, node);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                            }
                            CompletableFuture<JsonNode> remote(URL url) {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "Jackson read"
                                    try {
                                        return mapper.readTree(url);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                });
                            }
                        }
                        """)
                .check();
    }

    @Test
    void jacksonOverStringsBytesAndMemoryParsesInMemory() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Codec.java", """
                        package p;
                        import com.fasterxml.jackson.databind.JsonNode;
                        import com.fasterxml.jackson.databind.ObjectMapper;
                        import java.io.IOException;
                        import java.io.StringReader;
                        import java.io.StringWriter;
                        import java.io.UncheckedIOException;
                        import java.util.List;
                        class Codec {
                            private final ObjectMapper mapper = new ObjectMapper();
                            List<Object> parse(List<String> texts) {
                                return texts.parallelStream().map(t -> {
                                    try {
                                        return mapper.readValue(t, Object.class);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                            List<JsonNode> trees(List<byte[]> messages) {
                                return messages.parallelStream().map(m -> {
                                    try {
                                        return mapper.readTree(m);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                            List<String> print(List<Object> values) {
                                return values.parallelStream().map(v -> {
                                    try {
                                        StringWriter out = new StringWriter();
                                        mapper.writeValue(out, v);
                                        return out + mapper.writeValueAsString(v)
                                                + mapper.readTree(new StringReader(out.toString()));
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                            List<JsonNode> unknown(List<Object> messages) {
                                return messages.parallelStream().map(m -> {
                                    try {
                                        return mapper.readTree(Missing.body(m));
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                }).toList();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aCommonsIoLineIteratorAndAnHttpEntityReadTheirSource() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Import.java", """
                        package p;
                        import java.io.File;
                        import java.io.IOException;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import org.apache.commons.io.FileUtils;
                        import org.apache.commons.io.LineIterator;
                        import org.apache.http.HttpEntity;
                        import org.apache.http.util.EntityUtils;
                        class Import {
                            static Lines open(File file) throws IOException {
                                return new Lines(FileUtils.lineIterator(file, "UTF-8"));
                            }
                            static final class Lines implements AutoCloseable {
                                private final LineIterator target;
                                Lines(LineIterator target) {
                                    this.target = target;
                                }
                                boolean hasNext() {
                                    return target.hasNext();
                                }
                                String next() {
                                    return target.next();
                                }
                                @Override
                                public void close() throws IOException {
                                    target.close();
                                }
                            }
                            CompletableFuture<Integer> count(Lines lines) {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "commons-io LineIterator read"
                                    int n = 0;
                                    while (lines.hasNext()) {
                                        lines.next();
                                        n++;
                                    }
                                    return n;
                                });
                            }
                            CompletableFuture<Lines> start(File file) {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "commons-io FileUtils"
                                    try {
                                        return open(file);
                                    } catch (IOException e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            List<String> bodies(List<HttpEntity> entities) {
                                return entities.parallelStream().map(e -> { // expect: blocking-in-common-pool "EntityUtils"
                                    try {
                                        return EntityUtils.toString(e);
                                    } catch (IOException x) {
                                        throw new RuntimeException(x);
                                    }
                                }).toList();
                            }
                        }
                        """)
                .source("p/LineIterator.java", """
                        package p;
                        import java.util.Iterator;
                        import java.util.List;
                        /** A project's own line iterator over lines in memory. */
                        final class LineIterator implements Iterator<String> {
                            private final Iterator<String> lines;
                            LineIterator(List<String> lines) {
                                this.lines = lines.iterator();
                            }
                            public boolean hasNext() {
                                return lines.hasNext();
                            }
                            public String next() {
                                return lines.next();
                            }
                            static int count(List<List<String>> texts) {
                                return texts.parallelStream().mapToInt(t -> {
                                    LineIterator it = new LineIterator(t);
                                    int n = 0;
                                    while (it.hasNext()) {
                                        it.next();
                                        n++;
                                    }
                                    return n;
                                }).sum();
                            }
                        }
                        """)
                .check();
    }
}
