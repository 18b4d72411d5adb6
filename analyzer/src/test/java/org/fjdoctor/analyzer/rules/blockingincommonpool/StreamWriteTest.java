package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Writing a file blocks as reading one does: {@code Writer.write}/{@code OutputStream.write} and their
 * {@code flush()} in a function the common pool runs. A write to memory ({@code StringWriter}) or to a
 * {@code PrintStream} (most often the console) does not wait on a device.
 */
class StreamWriteTest {

    @Test
    void fileWritesBlockAndMemoryOrConsoleWritesDoNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Bans.java", """
                        package p;
                        import java.io.*;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        class Bans {
                            void ban(CompletableFuture<String> lookup) {
                                lookup.whenCompleteAsync((name, error) -> save(name)); // expect: blocking-in-common-pool
                            }
                            void render(List<String> names) {
                                names.parallelStream().map(Bans::text).forEach(System.out::println);
                            }
                            void log(List<String> names) {
                                names.parallelStream().forEach(name -> {
                                    System.err.write(name.length());
                                    System.err.flush();
                                });
                            }
                            static String text(String name) {
                                StringWriter out = new StringWriter();
                                out.write(name);
                                out.flush();
                                return out.toString();
                            }
                            static void save(String name) {
                                try (Writer writer = new FileWriter("bans.txt", true)) {
                                    writer.write(name);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
