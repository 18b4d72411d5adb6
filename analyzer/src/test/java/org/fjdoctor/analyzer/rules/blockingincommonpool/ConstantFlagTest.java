package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A branch a compile-time constant rules out ({@code if (Config.PRINT)} over {@code static final boolean PRINT =
 * false}) is dead code: javac drops it, and what it would call runs on no worker. A flag that is not final, or
 * a constant that takes the branch, keeps it.
 */
class ConstantFlagTest {

    @Test
    void aBranchAFalseConstantRulesOutDoesNotRun() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Config.java", """
                        package p;
                        final class Config {
                            static final boolean PRINT = false;
                            static final boolean QUIET = !PRINT;
                            static final boolean TRACE = true;
                            static boolean verbose = false;
                        }
                        """)
                .source("p/Columns.java", """
                        package p;
                        import java.io.IOException;
                        import java.io.UncheckedIOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        class Columns {
                            void printed(List<Path> columns) {
                                columns.parallelStream().forEach(column -> print(column));
                            }
                            void quiet(List<Path> columns) {
                                columns.parallelStream().forEach(column -> {
                                    if (!Config.QUIET && columns.size() > 1) {
                                        print(column);
                                    }
                                });
                            }
                            void chosen(List<Path> columns) {
                                columns.parallelStream().map(column -> Config.PRINT ? load(column) : "").forEach(System.out::println);
                            }
                            void traced(List<Path> columns) {
                                columns.parallelStream().forEach(column -> { if (Config.TRACE) load(column); }); // expect: blocking-in-common-pool
                            }
                            void verbose(List<Path> columns) {
                                columns.parallelStream().forEach(column -> { if (Config.verbose) load(column); }); // expect: blocking-in-common-pool
                            }
                            static void print(Path column) {
                                if (Config.PRINT) {
                                    System.out.println(load(column));
                                }
                            }
                            static String load(Path column) {
                                try {
                                    return Files.readString(column);
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            }
                        }
                        """).check();
    }
}
