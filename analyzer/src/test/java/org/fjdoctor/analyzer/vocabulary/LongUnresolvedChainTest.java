package org.fjdoctor.analyzer.vocabulary;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.junit.jupiter.api.Test;

/**
 * A fluent chain on a type from a missing jar ({@code new Builder().a(..).b(..)...build()}, as configuration
 * builders are written) has no type at any step. Each step's receiver type is asked by every repair that may type
 * it (fluent chains, Lombok getters, library factories, client families, unbound calls), and each of those asks
 * for the step before it: answered again at every step, a chain of thirty calls would be asked about billions of
 * times, so a receiver's type is worked out once per call. The findings next to such a chain stay as they were.
 */
class LongUnresolvedChainTest {

    @Test
    void aLongChainOnAMissingTypeIsTypedOncePerStep() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Settings.java", """
                        package p;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import org.example.missing.ConfigurationBuilder;
                        class Settings {
                            List<String> load(List<String> names) {
                                return names.parallelStream()
                                        .map(n -> read(n)) // expect: blocking-in-common-pool "Files I/O"
                                        .toList();
                            }
                            static String read(String name) {
                                Object built = new ConfigurationBuilder()
                                        .option0("v0")
                                        .option1("v1")
                                        .option2("v2")
                                        .option3("v3")
                                        .option4("v4")
                                        .option5("v5")
                                        .option6("v6")
                                        .option7("v7")
                                        .option8("v8")
                                        .option9("v9")
                                        .option10("v10")
                                        .option11("v11")
                                        .option12("v12")
                                        .option13("v13")
                                        .option14("v14")
                                        .option15("v15")
                                        .option16("v16")
                                        .option17("v17")
                                        .option18("v18")
                                        .option19("v19")
                                        .option20("v20")
                                        .option21("v21")
                                        .option22("v22")
                                        .option23("v23")
                                        .option24("v24")
                                        .option25("v25")
                                        .option26("v26")
                                        .option27("v27")
                                        .option28("v28")
                                        .option29("v29")
                                        .build();
                                try {
                                    return Files.readString(Path.of(name)) + built;
                                } catch (Exception e) {
                                    throw new RuntimeException(e);
                                }
                            }
                        }
                        """)
                .check();
    }
}
