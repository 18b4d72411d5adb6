package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A blocking call that common-pool code reaches only through a call whose receiver could not be traced, so that
 * dispatch sent it to every implementation of the type, is a guessed path (as for intra-task-sync and
 * sleepy-worker): not reported. The same call on a receiver traced to its allocation is.
 */
class GuessedDispatchTest {

    private static final String SOURCES = """
            package p;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            interface Source { byte[] load(String key); }
            class InMemory implements Source {
                public byte[] load(String key) { return key.getBytes(); }
            }
            class OnDisk implements Source {
                public byte[] load(String key) {
                    try {
                        return Files.readAllBytes(Path.of(key));
                    } catch (IOException e) {
                        return new byte[0];
                    }
                }
            }
            class Sources {
                static final Map<String, Source> SOURCES = new ConcurrentHashMap<>();
                static Source lookup(String name) { return SOURCES.get(name); }
                static void install() {
                    SOURCES.put("memory", new InMemory());
                    SOURCES.put("disk", new OnDisk());
                }
            }
            """;

    private static final String LOADER = """
            package p;
            import java.io.IOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.List;
            import java.util.stream.Collectors;
            class Loader {
                %s
                List<byte[]> all(List<String> keys, String name) {
                    %s
                    return keys.parallelStream().map(key -> source.load(key)).collect(Collectors.toList());%s
                }
                %s
            }
            """;

    private static void check(String field, String local, String expect, String more) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Sources.java", SOURCES)
                .source("p/Loader.java", LOADER.formatted(field, local, expect, more))
                .check();
    }

    @Test
    void aReadReachedOnlyThroughASourceLookedUpByNameIsAGuess() {
        check("", "Source source = Sources.lookup(name);", "", "");
    }

    @Test
    void theSameReadOnASourceMadeHereIsReported() {
        check("", "Source source = new OnDisk();", " // expect: blocking-in-common-pool \"Files I/O"
                + " through lambda in Loader.all() (run by a parallel stream) -> OnDisk.load()\"", "");
    }

    @Test
    void theSameReadOnAFieldAssignedOnceIsReported() {
        check("private final Source source = new OnDisk();", "", " // expect: blocking-in-common-pool \"Files I/O"
                + " through lambda in Loader.all() (run by a parallel stream) -> OnDisk.load()\"", "");
    }

    /** A pipeline that also reads on a traced path names that read alone, not the guessed one with it. */
    @Test
    void aFindingKeepsOnlyTheBlockingCallsReachedByATracedPath() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Sources.java", SOURCES)
                .source("p/Loader.java", """
                        package p;
                        import java.io.IOException;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.stream.Collectors;
                        class Loader {
                            List<Integer> all(List<String> keys, String name) {
                                Source source = Sources.lookup(name);
                                return keys.parallelStream().map(key -> source.load(key).length + meta(key)).collect(Collectors.toList()); // expect: blocking-in-common-pool "Files I/O through lambda in Loader.all() (run by a parallel stream) -> Loader.meta(). The common pool's"
                            }
                            static int meta(String key) {
                                try {
                                    return Files.readAllBytes(Path.of(key + ".meta")).length;
                                } catch (IOException e) {
                                    return 0;
                                }
                            }
                        }
                        """)
                .check();
    }

    /**
     * A read that the function reaches both through the guessed call and by a static call of its own (a permission
     * check before the command runs) is reported: one exact path keeps it, whichever path the walk kept.
     */
    @Test
    void aReadAlsoReachedByAnExactPathIsReported() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Sources.java", SOURCES)
                .source("p/Loader.java", """
                        package p;
                        import java.util.List;
                        import java.util.stream.Collectors;
                        class Loader {
                            List<byte[]> all(List<String> keys, String name) {
                                Source source = Sources.lookup(name);
                                return keys.parallelStream().map(key -> key.isEmpty() ? source.load(key) : Disk.read(key)).collect(Collectors.toList()); // expect: blocking-in-common-pool "Files I/O"
                            }
                        }
                        class Disk {
                            static byte[] read(String key) {
                                return new OnDisk().load(key);
                            }
                        }
                        """)
                .check();
    }

    /** Another pipeline that reaches the read only by the guess is not reported because the first one reaches it exactly. */
    @Test
    void anExactPathFromOneFunctionDoesNotVouchForAnother() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Sources.java", SOURCES)
                .source("p/Loader.java", """
                        package p;
                        import java.util.List;
                        import java.util.stream.Collectors;
                        class Loader {
                            List<byte[]> all(List<String> keys) {
                                return keys.parallelStream().map(key -> new OnDisk().load(key)).collect(Collectors.toList()); // expect: blocking-in-common-pool "Files I/O"
                            }
                            List<byte[]> named(List<String> keys, String name) {
                                Source source = Sources.lookup(name);
                                return keys.parallelStream().map(key -> source.load(key)).collect(Collectors.toList());
                            }
                        }
                        """)
                .check();
    }
}
