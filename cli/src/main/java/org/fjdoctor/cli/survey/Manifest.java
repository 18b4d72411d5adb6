package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The repositories a survey covers: a CSV file with the header {@code name,location,commit} (the commit
 * column and its values may be left out; the default is the location's HEAD), or the same as JSON, an
 * array of {@code {"name", "location", "commit"}} objects (also under {@code "repositories"}).
 * A missing name is derived from the location ({@code https://github.com/o/n} gives {@code o+n}).
 */
public final class Manifest {

    /** One repository: the name its result files carry, where to get it, and which commit. */
    public record Entry(String name, String location, String commit) implements java.io.Serializable {
        /** The commit to check out: the one given, else HEAD. */
        public String revision() {
            return commit == null || commit.isBlank() ? "HEAD" : commit;
        }
    }

    /** A manifest that cannot be used; the message names the file and line. */
    public static final class ManifestException extends Exception {
        private static final long serialVersionUID = 1L;

        ManifestException(String message) {
            super(message);
        }
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private Manifest() {
    }

    public static List<Entry> read(Path file) throws IOException, ManifestException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        String trimmed = text.strip();
        List<Entry> entries = trimmed.startsWith("[") || trimmed.startsWith("{")
                ? readJson(file, trimmed) : readCsv(file, text);
        Set<String> names = new HashSet<>();
        for (Entry entry : entries) {
            if (!names.add(entry.name().toLowerCase(Locale.ROOT))) {
                throw new ManifestException(file + ": the name '" + entry.name() + "' is listed twice"
                        + " (names must differ, ignoring case: they name the result files)");
            }
        }
        return entries;
    }

    private static List<Entry> readCsv(Path file, String text) throws ManifestException {
        List<Entry> entries = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        boolean header = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String where = file + ":" + (i + 1) + ": ";
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            List<String> fields = CsvLine.split(line, where);
            if (!header) {
                List<String> names = fields.stream().map(f -> f.strip().toLowerCase(Locale.ROOT)).toList();
                if (!names.equals(List.of("name", "location", "commit")) && !names.equals(List.of("name", "location"))) {
                    throw new ManifestException(where + "expected the header 'name,location,commit', found '" + line + "'");
                }
                header = true;
                continue;
            }
            if (fields.size() < 2 || fields.size() > 3) {
                throw new ManifestException(where + "expected 2 or 3 fields (name,location,commit), found "
                        + fields.size() + ": '" + line + "'");
            }
            entries.add(entry(where, fields.get(0), fields.get(1), fields.size() == 3 ? fields.get(2) : null));
        }
        return entries;
    }

    private static List<Entry> readJson(Path file, String text) throws ManifestException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new ManifestException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
        JsonNode list = root.isObject() ? root.path("repositories") : root;
        if (!list.isArray()) {
            throw new ManifestException(file + ": expected a JSON array of {name, location, commit} objects"
                    + " (or one under \"repositories\")");
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode node = list.get(i);
            String where = file + ": entry " + (i + 1) + ": ";
            if (!node.isObject()) {
                throw new ManifestException(where + "expected an object with name, location and commit");
            }
            entries.add(entry(where, node.path("name").asText(""), node.path("location").asText(""),
                    node.hasNonNull("commit") ? node.get("commit").asText() : null));
        }
        return entries;
    }

    private static Entry entry(String where, String name, String location, String commit) throws ManifestException {
        String loc = location.strip();
        if (loc.isEmpty()) {
            throw new ManifestException(where + "no location (a path, a git URL or a bundle)");
        }
        String given = name.strip().isEmpty() ? derivedName(loc) : name.strip();
        if (!NAME.matcher(given).matches()) {
            throw new ManifestException(where + "the name '" + given + "' must be letters, digits, '.', '_', '+'"
                    + " or '-' (it names the result files)");
        }
        String rev = commit == null ? null : commit.strip();
        if (rev != null && (rev.startsWith("-") || rev.contains(" "))) {
            throw new ManifestException(where + "'" + rev + "' is not a commit");
        }
        return new Entry(given, loc, rev == null || rev.isEmpty() ? null : rev);
    }

    /** {@code https://github.com/o/n.git} and {@code /srv/git/o/n} give {@code o+n}. */
    static String derivedName(String location) {
        String path = location.replace('\\', '/').replaceAll("/+$", "").replaceAll("\\.(git|bundle)$", "");
        String[] parts = path.split("[/:]");
        String last = parts[parts.length - 1];
        String owner = parts.length > 1 ? parts[parts.length - 2] : "";
        String name = owner.isEmpty() ? last : owner + "+" + last;
        return name.replaceAll("[^A-Za-z0-9._+-]", "_");
    }
}
