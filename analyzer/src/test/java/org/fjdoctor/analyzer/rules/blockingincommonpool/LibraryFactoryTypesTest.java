package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Without Guava on the classpath, {@code var keys = Maps.newHashMapWithExpectedSize(n)} and
 * {@code Streams.stream(iterable)} have no type, so {@code keys.entrySet().parallelStream()} and
 * {@code Streams.stream(it).parallel()} were no parallel pipelines. The JDK type each well-known factory returns
 * types them; the same shapes made sequential stay silent.
 */
class LibraryFactoryTypesTest {

    private static final String LOOKUP = """
            package p;
            import com.google.common.collect.Lists;
            import com.google.common.collect.Maps;
            import com.google.common.collect.Streams;
            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.ArrayList;
            import java.util.Map;
            import java.util.stream.Collectors;
            class Lookup {
                void tags(Iterable<String> keys, int n) {
                    var byKey = Maps.newHashMapWithExpectedSize(n);
                    for (String key : keys) {
                        byKey.put(key, Path.of(key));
                    }
                    byKey.entrySet().parallelStream().forEach(entry -> load((Path) entry.getValue())); // expect: blocking-in-common-pool
                }
                void names(Iterable<String> names) {
                    Streams.stream(names).parallel().forEach(name -> load(Path.of(name))); // expect: blocking-in-common-pool
                }
                void list(Iterable<String> names) {
                    var all = Lists.newArrayList(names);
                    all.parallelStream().forEach(name -> load(Path.of(name))); // expect: blocking-in-common-pool
                }
                void collected(Iterable<String> names) {
                    var all = Streams.stream(names).map(String::trim).collect(Collectors.toCollection(ArrayList::new));
                    all.parallelStream().forEach(name -> load(Path.of(name))); // expect: blocking-in-common-pool
                    var listed = Streams.stream(names).map(String::trim).collect(Collectors.toList());
                    listed.parallelStream().forEach(name -> load(Path.of(name))); // expect: blocking-in-common-pool
                }
                static byte[] load(Path path) {
                    try {
                        return Files.readAllBytes(path);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;

    @Test
    void guavaFactoriesWithoutGuavaHaveTheJdkTypeTheyReturn() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Lookup.java", LOOKUP).check();
    }

    @Test
    void theSameShapesMadeSequentialStaySilent() {
        RuleTester.of(BlockingInCommonPoolRule.class).source("p/Lookup.java", LOOKUP
                .replace(".parallelStream()", ".stream()").replace(".parallel()", "")
                .replace(" // expect: blocking-in-common-pool", "")).check();
    }
}
