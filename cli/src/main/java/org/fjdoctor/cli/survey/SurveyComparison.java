package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Two survey directories' per-repository results compared field by field, times and memory aside
 * ({@link RepoResult#masked}): what shows that two engines, or two runs, found the same thing.
 *
 * @param same       repositories whose results are equal
 * @param different  repositories whose results differ, each with its differing fields
 * @param onlyFirst  repositories with a result in the first directory only
 * @param onlySecond repositories with a result in the second directory only
 */
public record SurveyComparison(List<String> same, Map<String, List<Difference>> different, List<String> onlyFirst,
                               List<String> onlySecond) {

    /** One field that differs: its path in the result's JSON ({@code rules.sleepy-worker.main}) and both values. */
    public record Difference(String field, String first, String second) {
        @Override
        public String toString() {
            return field + ": " + first + " | " + second;
        }
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public static SurveyComparison of(Path first, Path second) throws IOException {
        Map<String, RepoResult> a = results(first);
        Map<String, RepoResult> b = results(second);
        List<String> same = new ArrayList<>();
        Map<String, List<Difference>> different = new TreeMap<>();
        for (String name : new TreeSet<>(a.keySet())) {
            if (b.containsKey(name)) {
                List<Difference> differences = new ArrayList<>();
                diff("", MAPPER.readTree(a.get(name).masked().toJson()), MAPPER.readTree(b.get(name).masked().toJson()),
                        differences);
                if (differences.isEmpty()) {
                    same.add(name);
                } else {
                    different.put(name, differences);
                }
            }
        }
        List<String> onlyFirst = a.keySet().stream().filter(n -> !b.containsKey(n)).sorted().toList();
        List<String> onlySecond = b.keySet().stream().filter(n -> !a.containsKey(n)).sorted().toList();
        return new SurveyComparison(same, different, onlyFirst, onlySecond);
    }

    /** Whether both directories hold results for the same repositories, all equal. */
    public boolean identical() {
        return different.isEmpty() && onlyFirst.isEmpty() && onlySecond.isEmpty();
    }

    /** The results in {@code DIR/repos/}, by repository name. */
    private static Map<String, RepoResult> results(Path dir) throws IOException {
        Path repos = dir.resolve("repos");
        if (!Files.isDirectory(repos)) {
            throw new java.nio.file.NoSuchFileException(repos.toString(), null, "not a survey directory");
        }
        Map<String, RepoResult> results = new TreeMap<>();
        try (Stream<Path> files = Files.list(repos)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                RepoResult result = RepoResult.fromJson(Files.readString(file, StandardCharsets.UTF_8));
                results.put(result.name(), result);
            }
        }
        return results;
    }

    /** The leaves where two JSON trees differ, by path; a field missing on one side is shown as "-". */
    private static void diff(String path, JsonNode a, JsonNode b, List<Difference> out) {
        if (a != null && b != null && a.isObject() && b.isObject()) {
            TreeSet<String> fields = new TreeSet<>();
            a.fieldNames().forEachRemaining(fields::add);
            b.fieldNames().forEachRemaining(fields::add);
            for (String field : fields) {
                diff(path.isEmpty() ? field : path + "." + field, a.get(field), b.get(field), out);
            }
        } else if (a != null && b != null && a.isArray() && b.isArray() && a.size() == b.size()) {
            Iterator<JsonNode> left = a.elements();
            Iterator<JsonNode> right = b.elements();
            for (int i = 0; left.hasNext(); i++) {
                diff(path + "[" + i + "]", left.next(), right.next(), out);
            }
        } else if (a == null || !a.equals(b)) {
            out.add(new Difference(path, a == null ? "-" : a.toString(), b == null ? "-" : b.toString()));
        }
    }
}
