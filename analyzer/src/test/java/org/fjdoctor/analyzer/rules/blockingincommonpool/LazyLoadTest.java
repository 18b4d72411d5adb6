package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A file read only while a field is still unset ({@code if (data == null) { synchronized (this) { if (data ==
 * null) { data = load(); } } }}) runs once per object, then every element of the pipeline finds the field set:
 * no common-pool worker waits per element. The same read on every call is a wait per element.
 */
class LazyLoadTest {

    @Test
    void aLazyLoadRunsOnceAndAReadOnEveryCallBlocks() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Atlas.java", """
                package p;

                import java.io.IOException;
                import java.io.UncheckedIOException;
                import java.nio.file.Files;
                import java.nio.file.Path;
                import java.util.List;

                class Atlas {
                    private final Path file;
                    private volatile byte[] data;

                    Atlas(Path file) {
                        this.file = file;
                    }

                    private byte[] data() {
                        if (data == null) {
                            synchronized (this) {
                                if (data == null) {
                                    data = read();
                                }
                            }
                        }
                        return data;
                    }

                    private byte[] read() {
                        try {
                            return Files.readAllBytes(file);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }

                    int at(int index) {
                        return data()[index];
                    }

                    int fresh(int index) {
                        return read()[index];
                    }

                    long sum(List<Integer> indexes) {
                        return indexes.parallelStream().mapToLong(this::at).sum();
                    }

                    long sumFresh(List<Integer> indexes) {
                        return indexes.parallelStream().mapToLong(this::fresh).sum(); // expect: blocking-in-common-pool "Files I/O"
                    }
                }
                """).check();
    }
}
