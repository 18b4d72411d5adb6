package org.fjdoctor.cli.scan.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.fjdoctor.analyzer.Rule;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Stored scans, one JSON file per key in one directory. An entry holds its format, the fjdoctor version and
 * key that wrote it and a SHA-256 of its payload; one that does not parse or whose format, version, key or
 * checksum differs is never trusted: it is deleted and the scan runs as if there were none. Entries are
 * written to a temporary file in the same directory and renamed, so a reader (another process too) sees a
 * whole entry or none, and two writers of one key each leave a whole file.
 */
public final class ScanCache {

    /** The layout of an entry; a change of what is stored changes it, and old entries become misses. */
    static final int FORMAT = 2;

    /** How many entries are kept; the least recently used go first. */
    static final int MAX_ENTRIES = 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String SUFFIX = ".json";

    private final Path directory;
    private final String version;

    /** A cache in {@code directory} (created when the first entry is stored) for fjdoctor {@code version}. */
    public ScanCache(Path directory, String version) {
        this.directory = directory;
        this.version = version;
    }

    public Path directory() {
        return directory;
    }

    /** The scan stored under {@code key} for {@code rules}, or empty (a bad entry is deleted). */
    public Optional<CachedScan> load(String key, List<Rule> rules) {
        Path file = entry(key);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode stored = MAPPER.readTree(Files.readAllBytes(file));
            JsonNode payload = stored.path("payload");
            boolean valid = stored.path("format").asInt() == FORMAT
                    && version.equals(stored.path("fjdoctor").asText(null))
                    && key.equals(stored.path("key").asText(null))
                    && payload.isTextual()
                    && sha256(payload.asText()).equals(stored.path("checksum").asText(null));
            if (valid) {
                CachedScan scan = CachedScanJson.read(MAPPER.readTree(payload.asText()), rules);
                touch(file);
                return Optional.of(scan);
            }
        } catch (IOException | RuntimeException e) {
            // Unparsable or incomplete: deleted below like any entry that does not match.
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // Left for the next writer of this key to replace.
        }
        return Optional.empty();
    }

    /** Stores {@code scan} under {@code key}; false when the directory cannot be written. */
    public boolean store(String key, CachedScan scan) {
        try {
            createDirectory();
            String payload = MAPPER.writeValueAsString(CachedScanJson.write(scan));
            ObjectNode stored = MAPPER.createObjectNode()
                    .put("format", FORMAT)
                    .put("fjdoctor", version)
                    .put("key", key)
                    .put("checksum", sha256(payload))
                    .put("payload", payload);
            Path temp = Files.createTempFile(directory, key + ".", ".tmp");
            try {
                Files.write(temp, MAPPER.writeValueAsBytes(stored));
                move(temp, entry(key));
            } finally {
                Files.deleteIfExists(temp);
            }
            prune();
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private Path entry(String key) {
        return directory.resolve(key + SUFFIX);
    }

    /**
     * Creates the directory; where fjdoctor creates its own {@code .fjdoctor} folder (or the cache folder
     * itself) it puts a {@code .gitignore} of everything in it, so the cache never shows in git status.
     */
    private void createDirectory() throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        Path absolute = directory.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        boolean ownParent = parent != null && parent.getFileName() != null
                && parent.getFileName().toString().equals(ScanCacheLocation.FOLDER);
        Path ignored = ownParent ? parent : absolute;
        boolean created = !Files.exists(ignored);
        Files.createDirectories(absolute);
        if (created) {
            Files.writeString(ignored.resolve(".gitignore"), "# Created by fjdoctor: its cache stays out of git.\n*\n");
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
        } catch (IOException e) {
            // A read-only cache still serves hits; only the order of pruning is less exact.
        }
    }

    /** Deletes the least recently used entries beyond {@link #MAX_ENTRIES}. */
    private void prune() throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            files.forEach(entries::add);
        }
        if (entries.size() <= MAX_ENTRIES) {
            return;
        }
        entries.sort(Comparator.comparing(ScanCache::modified).reversed());
        for (Path old : entries.subList(MAX_ENTRIES, entries.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
