package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A method reference to an abstract method of the project's own ({@code supplyAsync(this::init)} in an interface's
 * default method) runs the implementations a call would: those of the created classes; an implementation no code
 * creates is not run.
 */
class AbstractMethodReferenceTest {

    private static final String FETCHER = """
            package p;
            import java.util.concurrent.CompletableFuture;
            interface Fetcher {
                boolean init();
                default CompletableFuture<Boolean> initAsync() {
                    return CompletableFuture.supplyAsync(this::init);%s
                }
            }
            """;

    private static final String FILE_FETCHER = """
            package p;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            class FileFetcher implements Fetcher {
                @Override
                public boolean init() {
                    try {
                        return Files.readAllBytes(Path.of("x")).length > 0;
                    } catch (IOException e) {
                        return false;
                    }
                }
            }
            """;

    private static final String MEMORY_FETCHER = """
            package p;
            class MemoryFetcher implements Fetcher {
                @Override
                public boolean init() {
                    return true;
                }
            }
            """;

    @Test
    void theCreatedImplementationsRun() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Fetcher.java", FETCHER.formatted(" // expect: blocking-in-common-pool \"FileFetcher.init()\""))
                .source("p/FileFetcher.java", FILE_FETCHER)
                .source("p/MemoryFetcher.java", MEMORY_FETCHER)
                .source("p/Main.java", """
                        package p;
                        class Main {
                            public static void main(String[] args) {
                                Fetcher fetcher = args.length > 0 ? new FileFetcher() : new MemoryFetcher();
                                fetcher.initAsync().join();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void anImplementationNothingCreatesDoesNotRun() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Fetcher.java", FETCHER.formatted(""))
                .source("p/FileFetcher.java", FILE_FETCHER)
                .source("p/MemoryFetcher.java", MEMORY_FETCHER)
                .source("p/Main.java", """
                        package p;
                        class Main {
                            public static void main(String[] args) {
                                new MemoryFetcher().initAsync().join();
                            }
                        }
                        """)
                .check();
    }
}
