package org.fjdoctor.eclipse.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.SourceSet;

/** The corpus fixture programs, and one shared scan of them (building Spoon models is the slow part). */
final class Corpus {

    static final Path ROOT = Path.of("../corpus/src/main/java/corpus").toAbsolutePath().normalize();

    private static final Pattern EXPECT = Pattern.compile("//\\s*expect:\\s*([a-z0-9\\-]+(?:\\s*,\\s*[a-z0-9\\-]+)*)");

    private static Analyzer.Analysis analysis;
    private static EngineScan.Result scan;

    private Corpus() {
    }

    /** The markers {@link EngineScan#run} makes for the corpus with the default settings. */
    static synchronized EngineScan.Result scan() {
        if (scan == null) {
            scan = EngineScan.markers(analysis(), SeverityMapping.defaults());
        }
        return scan;
    }

    /** The analysis behind {@link #scan()}. */
    static synchronized Analyzer.Analysis analysis() {
        if (analysis == null) {
            try {
                analysis = new Analyzer().analyze(SourceSet.of(List.of(ROOT)), Analyzer.Options.defaults());
            } catch (NoSuchFileException e) {
                throw new IllegalStateException("the corpus is missing: " + ROOT, e);
            }
        }
        return analysis;
    }

    /** {@code file:line rule-id} for every {@code // expect: rule-id} comment under {@code root}. */
    static List<String> expected(Path root) {
        List<String> expected = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher matcher = EXPECT.matcher(lines.get(i));
                    if (matcher.find()) {
                        for (String id : matcher.group(1).split("\\s*,\\s*")) {
                            expected.add(key(root.relativize(file), i + 1, id));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return expected;
    }

    static String key(Path relative, int line, String ruleId) {
        return relative.toString().replace('\\', '/') + ":" + line + " " + ruleId;
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
