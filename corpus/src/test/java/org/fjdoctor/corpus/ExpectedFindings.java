package org.fjdoctor.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the {@code // expect: <rule-id>[, <rule-id>...]} markers of the fixtures: each names a finding
 * whose primary location starts on that line.
 */
final class ExpectedFindings {

    /** One expected finding: file below the corpus root, line, rule id. */
    record Expected(String file, int line, String ruleId) implements Comparable<Expected> {
        @Override
        public int compareTo(Expected o) {
            int c = file.compareTo(o.file);
            return c != 0 ? c : line != o.line ? Integer.compare(line, o.line) : ruleId.compareTo(o.ruleId);
        }

        @Override
        public String toString() {
            return file + ":" + line + " " + ruleId;
        }
    }

    private static final Pattern MARKER = Pattern.compile("//\\s*expect:\\s*([a-z0-9\\-]+(?:\\s*,\\s*[a-z0-9\\-]+)*)");

    private ExpectedFindings() {
    }

    static List<Expected> in(Path root) {
        List<Expected> expected = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    Matcher matcher = MARKER.matcher(lines.get(i));
                    if (matcher.find()) {
                        for (String id : matcher.group(1).split("\\s*,\\s*")) {
                            expected.add(new Expected(root.relativize(file).toString().replace('\\', '/'), i + 1, id));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return expected;
    }
}
