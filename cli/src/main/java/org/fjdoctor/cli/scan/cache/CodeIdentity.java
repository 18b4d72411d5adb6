package org.fjdoctor.cli.scan.cache;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.reports.ScanReport;

/**
 * Which build of fjdoctor's code is running, for the cache key: the version string alone stays the same
 * across every development build of a release, so a jar rebuilt with changed rules would be served the old
 * build's findings. A jar is identified by its content, a class folder (tests, an IDE) by its class files'
 * paths, sizes and modification times.
 */
final class CodeIdentity {

    private static final String CURRENT = of(codeLocations(Analyzer.class, Refactorings.class, ScanReport.class,
            CodeIdentity.class));

    private CodeIdentity() {
    }

    /** The identity of the code this process runs. */
    static String current() {
        return CURRENT;
    }

    /** A SHA-256 over {@code locations} (jars by content, folders by their class files' metadata). */
    static String of(List<Path> locations) {
        MessageDigest digest = sha256();
        for (Path location : locations) {
            digest.update(location.toString().getBytes(UTF_8));
            try {
                if (Files.isDirectory(location)) {
                    digestFolder(location, digest);
                } else if (Files.isRegularFile(location)) {
                    try (InputStream in = Files.newInputStream(location)) {
                        byte[] buffer = new byte[1 << 16];
                        for (int read; (read = in.read(buffer)) > 0; ) {
                            digest.update(buffer, 0, read);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void digestFolder(Path folder, MessageDigest digest) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String entry = folder.relativize(file) + "\t" + Files.size(file) + "\t"
                        + Files.getLastModifiedTime(file).toMillis() + "\n";
                digest.update(entry.getBytes(UTF_8));
            }
        }
    }

    private static List<Path> codeLocations(Class<?>... anchors) {
        Set<Path> locations = new LinkedHashSet<>();
        for (Class<?> anchor : anchors) {
            CodeSource source = anchor.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null) {
                try {
                    locations.add(Path.of(source.getLocation().toURI()));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // A location that is no file (a custom class loader) adds nothing it could change.
                }
            }
        }
        return List.copyOf(locations);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
