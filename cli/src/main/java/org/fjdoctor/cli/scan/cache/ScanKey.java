package org.fjdoctor.cli.scan.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * The cache key of a scan: a SHA-256 over everything its report depends on. Two scans with the same key
 * analyze the same text with the same rules and settings, so the second may reuse the first's results.
 * Only what is applied after the analysis (baseline, changed lines, fail-on) stays out of it.
 */
public final class ScanKey {

    private final MessageDigest digest;

    private ScanKey() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * The key of a scan of {@code sources} (whose files are {@code collected}) with {@code options} from
     * {@code settingsFile} (reports name it), by fjdoctor {@code version}, for a report with or without fixes.
     */
    public static String of(String version, boolean withFixes, SourceSet sources, Analyzer.Options options,
                            Optional<Path> settingsFile, SourceCollector.Collected collected) {
        ScanKey key = new ScanKey();
        key.add("fjdoctor", version).add("cache format", ScanCache.FORMAT).add("fixes", withFixes)
                .add("settings file", settingsFile.map(Path::toString).orElse(""));
        for (Path root : sources.roots()) {
            key.add("root", root).add("absolute", root.toAbsolutePath().normalize());
        }
        for (Rule rule : options.rules()) {
            key.add("rule", rule.info().id()).add("severity", rule.info().severity());
        }
        key.add("severities", new TreeMap<>(options.severities())).add("mode", options.mode())
                .add("depth", options.callDepth()).add("tests", options.includeTests())
                .add("file budget", options.fileBudget())
                .add("max file size", sources.maxFileSize()).add("encoding", sources.encoding());
        for (Path entry : sources.classpath()) {
            key.addClasspathEntry(entry);
        }
        for (SourceFile file : collected.files()) {
            JavaLevel level = sources.javaLevels().of(file.path());
            key.add("file", file.path()).add("display", file.display()).add("relative", file.rootRelative())
                    .add("charset", file.charset()).add("bom", file.byteOrderMark())
                    .add("level", level.feature() + " " + level.source()).add("text", file.text());
        }
        for (FileProblem problem : collected.problems()) {
            key.add("problem", problem.file()).add("kind", problem.kind()).add("message", problem.message());
        }
        return HexFormat.of().formatHex(key.digest.digest());
    }

    /** Adds a named value; the lengths keep "ab"+"c" apart from "a"+"bc". */
    private ScanKey add(String name, Object value) {
        for (String part : List.of(name, String.valueOf(value))) {
            byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
            digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
            digest.update((byte) ':');
            digest.update(bytes);
        }
        return this;
    }

    /** A jar or class directory by the size and modification time of each file in it. */
    private void addClasspathEntry(Path entry) {
        add("classpath", entry.toAbsolutePath().normalize());
        if (!Files.exists(entry)) {
            return;
        }
        try (Stream<Path> files = Files.walk(entry)) {
            Map<String, String> stamps = new TreeMap<>();
            for (Path file : (Iterable<Path>) files::iterator) {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                if (attributes.isRegularFile()) {
                    stamps.put(entry.relativize(file).toString(),
                            attributes.size() + " " + attributes.lastModifiedTime().toMillis());
                }
            }
            add("stamps", stamps);
        } catch (IOException | UncheckedIOException e) {
            // An entry that cannot be read now may be readable next time: never match it.
            add("unreadable", System.nanoTime());
        }
    }
}
