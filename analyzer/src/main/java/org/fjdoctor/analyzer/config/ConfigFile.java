package org.fjdoctor.analyzer.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.source.Exclusions;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Finds and reads {@code .fjdoctor.yml}:
 *
 * <pre>
 * rules:                 # rule id or code: on, off, or the severity of its findings
 *   copy-on-fork: off
 *   FJ5: error
 * exclude:               # globs, relative to this file's directory
 *   - src/generated/**
 * depth: 7               # how many calls that may dispatch to follow from task code
 * javaLevel: 17
 * failOn: warning        # note, warning, error or none
 * includeTests: false    # true: findings in test sources are reported too (at their rule's severity)
 * failOnIncomplete: true # false: a scan fjdoctor could not finish only warns
 * </pre>
 *
 * It is read through SnakeYAML's node tree rather than into objects, so that every error names the
 * line of the value it is about; unknown keys and rules are errors, not ignored, so a typo never
 * silently changes nothing.
 */
public final class ConfigFile {

    public static final String NAME = ".fjdoctor.yml";

    /** The largest settings file read: far more than any real one, little enough to hold in memory. */
    public static final int MAX_SIZE = 1024 * 1024;

    private static final List<String> KEYS = List.of("rules", "exclude", "depth", "javaLevel", "failOn", "includeTests",
            "failOnIncomplete");

    private final Path file;

    private ConfigFile(Path file) {
        this.file = file;
    }

    /**
     * The {@value #NAME} that applies to {@code scanned}: in its directory or the nearest one above it,
     * looking no further up than the git work tree's top (a directory holding {@code .git}) or the user's
     * home directory, whichever comes first. Outside both only the scanned directory itself is looked at:
     * a stray file in {@code /tmp} must not silence rules of whatever happens to be scanned below it.
     */
    public static Optional<Path> find(Path scanned) {
        Path start = scanned.toAbsolutePath().normalize();
        if (!Files.isDirectory(start)) {
            start = start.getParent();
        }
        if (start == null) {
            return Optional.empty();
        }
        List<Path> candidates = new ArrayList<>();
        boolean topFound = false;
        for (Path directory = start; directory != null && !topFound; directory = directory.getParent()) {
            candidates.add(directory);
            topFound = JavaLevel.isTop(directory);
        }
        for (Path directory : topFound ? candidates : List.of(start)) {
            Path candidate = directory.resolve(NAME);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * The config of {@code explicit} if given, else the one {@link #find} finds for the scanned paths
     * (they must agree), else {@link Config#none()}.
     *
     * @throws ConfigException for a file that cannot be read or is wrong, or paths with different files
     */
    public static Config forPaths(Path explicit, List<Path> scanned) throws ConfigException {
        if (explicit != null) {
            return load(explicit);
        }
        Set<Path> found = new LinkedHashSet<>();
        scanned.forEach(path -> find(path).ifPresent(found::add));
        if (found.size() > 1) {
            Path first = found.iterator().next();
            throw new ConfigException(first, 0, "the scanned paths have different config files (" + found
                    + "); scan them separately or name one config file for all");
        }
        return found.isEmpty() ? Config.none() : load(found.iterator().next());
    }

    /**
     * Reads {@code file}: a regular file of at most {@value #MAX_SIZE} bytes. Anything else (a device such as
     * {@code /dev/zero}, a FIFO, a directory) is refused before it is opened, so it can neither exhaust the
     * memory nor block.
     *
     * @throws ConfigException naming the file and line of the first problem
     */
    public static Config load(Path file) throws ConfigException {
        String text;
        try {
            if (!Files.exists(file)) {
                throw new ConfigException(file, 0, "does not exist");
            }
            if (!Files.isRegularFile(file)) {
                throw new ConfigException(file, 0, "cannot be read: " + (Files.isDirectory(file) ? "it is a directory"
                        : "it is not a regular file (a device, pipe or socket)"));
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(MAX_SIZE + 1);
            }
            if (bytes.length > MAX_SIZE) {
                throw new ConfigException(file, 0, "is larger than " + MAX_SIZE / 1024 + " KiB; not a settings file");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (NoSuchFileException e) {
            throw new ConfigException(file, 0, "does not exist");
        } catch (CharacterCodingException e) {
            throw new ConfigException(file, 0, "is not valid UTF-8");
        } catch (IOException e) {
            throw new ConfigException(file, 0, "cannot be read: " + e.getMessage());
        }
        return parse(file, text);
    }

    /** Reads {@code text} as the content of {@code file} (which gives the base of the exclusions). */
    public static Config parse(Path file, String text) throws ConfigException {
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new ConfigException(file, line, "not valid YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new ConfigException(file, 0, "not valid YAML: " + e.getMessage());
        }
        ConfigFile reader = new ConfigFile(file);
        return root == null ? reader.empty() : reader.read(root);
    }

    private Config empty() {
        return new Config(Optional.of(file), Set.of(), Map.of(), Exclusions.NONE, OptionalInt.empty(),
                OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private Config read(Node root) throws ConfigException {
        Set<String> disabled = new HashSet<>();
        Map<String, Severity> severities = new HashMap<>();
        List<String> exclude = new ArrayList<>();
        Integer depth = null;
        Integer javaLevel = null;
        FailOn failOn = null;
        Boolean includeTests = null;
        Boolean failOnIncomplete = null;
        for (Map.Entry<ScalarNode, Node> entry : entries(root, "the top level").entrySet()) {
            String key = entry.getKey().getValue();
            Node value = entry.getValue();
            switch (key) {
                case "rules" -> readRules(value, disabled, severities);
                case "exclude" -> exclude.addAll(readGlobs(value));
                case "depth" -> depth = readDepth(value);
                case "javaLevel" -> javaLevel = convert(value, "javaLevel", JavaLevel::parse);
                case "failOn" -> failOn = convert(value, "failOn", FailOn::parse);
                case "includeTests" -> includeTests = convert(value, "includeTests", ConfigFile::parseBoolean);
                case "failOnIncomplete" ->
                        failOnIncomplete = convert(value, "failOnIncomplete", ConfigFile::parseBoolean);
                default -> throw unknownKey(entry.getKey());
            }
        }
        Exclusions exclusions = Exclusions.of(file.toAbsolutePath().normalize().getParent(), exclude);
        return new Config(Optional.of(file), disabled, severities, exclusions,
                depth == null ? OptionalInt.empty() : OptionalInt.of(depth),
                javaLevel == null ? OptionalInt.empty() : OptionalInt.of(javaLevel), Optional.ofNullable(failOn),
                Optional.ofNullable(includeTests), Optional.ofNullable(failOnIncomplete));
    }

    private void readRules(Node node, Set<String> disabled, Map<String, Severity> severities) throws ConfigException {
        for (Map.Entry<ScalarNode, Node> entry : entries(node, "'rules'").entrySet()) {
            String selector = entry.getKey().getValue();
            Rule rule = Rules.named(selector)
                    .orElseThrow(() -> error(entry.getKey(), Rules.unknown(selector).getMessage()));
            String id = rule.info().id();
            String value = scalar(entry.getValue(), "rule " + selector).toLowerCase(Locale.ROOT);
            switch (value) {
                case "on", "true" -> disabled.remove(id);
                case "off", "false" -> disabled.add(id);
                default -> severities.put(id, convert(entry.getValue(), "rule " + selector, text -> {
                    try {
                        return Severity.parse(text);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("'" + text + "' is neither on, off nor a severity"
                                + " (note, warning, error)");
                    }
                }));
            }
        }
    }

    private List<String> readGlobs(Node node) throws ConfigException {
        if (!(node instanceof SequenceNode sequence)) {
            throw error(node, "'exclude' must be a list of globs (- src/generated/**)");
        }
        List<String> globs = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            String glob = scalar(item, "an exclude glob");
            try {
                Exclusions.of(Path.of(""), List.of(glob));
            } catch (IllegalArgumentException e) {
                throw error(item, e.getMessage());
            }
            globs.add(glob);
        }
        return globs;
    }

    private Integer readDepth(Node node) throws ConfigException {
        return convert(node, "depth", text -> {
            try {
                int depth = Integer.parseInt(text.trim());
                if (depth < 0) {
                    throw new IllegalArgumentException("'depth' must be 0 or more, not " + depth);
                }
                return depth;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'depth' must be a whole number, not '" + text + "'");
            }
        });
    }

    /** The mapping's entries by key, in order; keys must be plain scalars and appear once. */
    private Map<ScalarNode, Node> entries(Node node, String where) throws ConfigException {
        if (!(node instanceof MappingNode mapping)) {
            throw error(node, where + " must be a mapping of keys to values");
        }
        Map<ScalarNode, Node> entries = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                throw error(tuple.getKeyNode(), "keys in " + where + " must be plain names");
            }
            if (!seen.add(key.getValue())) {
                throw error(key, "'" + key.getValue() + "' appears twice in " + where);
            }
            entries.put(key, tuple.getValueNode());
        }
        return entries;
    }

    private String scalar(Node node, String what) throws ConfigException {
        if (!(node instanceof ScalarNode scalar)) {
            throw error(node, "the value of " + what + " must be a single value, not a "
                    + (node instanceof SequenceNode ? "list" : "mapping"));
        }
        if (scalar.getTag().equals(Tag.NULL) && scalar.getValue().isBlank()) {
            throw error(node, what + " has no value");
        }
        return scalar.getValue();
    }

    private interface Conversion<T> {
        T apply(String text);
    }

    /** The scalar's text converted; a conversion's IllegalArgumentException becomes an error at the value. */
    private static Boolean parseBoolean(String text) {
        return switch (text) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("expected true or false, got '" + text + "'");
        };
    }

    private <T> T convert(Node node, String what, Conversion<T> conversion) throws ConfigException {
        String text = scalar(node, what);
        try {
            return conversion.apply(text);
        } catch (IllegalArgumentException e) {
            throw error(node, what + ": " + e.getMessage());
        }
    }

    private ConfigException unknownKey(ScalarNode key) {
        String wanted = key.getValue().replaceAll("[-_]", "").toLowerCase(Locale.ROOT);
        String hint = KEYS.stream().filter(k -> k.toLowerCase(Locale.ROOT).equals(wanted)).findFirst()
                .map(k -> "; did you mean '" + k + "'?")
                .orElse("; known keys: " + String.join(", ", KEYS));
        return error(key, "unknown key '" + key.getValue() + "'" + hint);
    }

    private ConfigException error(Node node, String problem) {
        return new ConfigException(file, node.getStartMark().getLine() + 1, problem);
    }
}
