package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Blocking reached through a call whose receiver is not traced (its targets found by type): reported when every
 * implementation the call could run blocks, left out when some of them block nowhere, where the path is a guess.
 */
class GuessedDispatchTest {

    private static final String LAYER = """
            package p;
            import java.util.ArrayList;
            import java.util.List;
            class Layer {
                private final List<Processor> processors;
                Layer(List<Processor> processors) {
                    this.processors = processors;
                }
                void paint(List<String> tiles) {
                    tiles.parallelStream().forEach(this::apply);%s
                }
                void apply(String tile) {
                    for (Processor processor : processors) {
                        processor.process(tile);
                    }
                }
                static List<Processor> standard() {
                    List<Processor> all = new ArrayList<>();
                    all.add(new Overlay());
                    all.add(new %s());
                    all.add(new %s());
                    return all;
                }
            }
            """;

    private static final String PROCESSORS = """
            package p;
            import java.nio.file.Files;
            import java.nio.file.Path;
            interface Processor {
                void process(String tile);
            }
            class Overlay implements Processor {
                public void process(String tile) {
                    try {
                        Files.readAllBytes(Path.of(tile));
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            class Gamma implements Processor {
                double gamma;
                public void process(String tile) {
                    gamma = tile.length() * 0.5;
                }
            }
            class Sharpen implements Processor {
                int passes;
                public void process(String tile) {
                    passes += tile.hashCode() & 3;
                }
            }
            class Cached implements Processor {
                public void process(String tile) {
                    try {
                        Files.write(Path.of(tile + ".cache"), new byte[0]);
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            class Remote implements Processor {
                public void process(String tile) {
                    try (var in = new java.net.URL(tile).openStream()) {
                        in.read();
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            """;

    @Test
    void aGuessWhereOnlySomeImplementationsBlockIsNotReported() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Layer.java", LAYER.formatted("", "Gamma", "Sharpen"))
                .source("p/Processor.java", PROCESSORS)
                .check();
    }

    @Test
    void aGuessWhereEveryImplementationBlocksIsReported() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Layer.java", LAYER.formatted(" // expect: blocking-in-common-pool", "Cached", "Remote"))
                .source("p/Processor.java", PROCESSORS.replace("class Gamma", "abstract class Gamma")
                        .replace("class Sharpen", "abstract class Sharpen"))
                .check();
    }
}
