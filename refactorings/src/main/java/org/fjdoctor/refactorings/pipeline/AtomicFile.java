package org.fjdoctor.refactorings.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file so that readers see the old content or the new one, never a half-written file:
 * a temporary file in the same directory, then a rename over the target.
 */
public final class AtomicFile {

    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private AtomicFile() {
    }

    /** Writes {@code content} as UTF-8 to {@code target}. */
    public static void write(Path target, Content content) throws IOException {
        replace(target.toAbsolutePath(), temp -> {
            try (Writer out = new BufferedWriter(Files.newBufferedWriter(temp, StandardCharsets.UTF_8))) {
                content.writeTo(out);
            }
        });
    }

    /**
     * Writes {@code bytes} to {@code target} (a symbolic link is followed, so the link stays a link),
     * keeping the target's POSIX permissions.
     */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path absolute = Files.exists(target) ? target.toRealPath() : target.toAbsolutePath();
        replace(absolute, temp -> {
            try (OutputStream out = Files.newOutputStream(temp)) {
                out.write(bytes);
            }
        });
    }

    /** Fills a temporary file next to {@code absolute}, gives it the target's permissions and renames it over the target. */
    private static void replace(Path absolute, TempWriter writer) throws IOException {
        Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
        try {
            writer.write(temp);
            copyPermissions(absolute, temp);
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private interface TempWriter {
        void write(Path temp) throws IOException;
    }

    /** Temporary files are private (0600); the report gets the old file's mode, or 0644 when new. */
    private static void copyPermissions(Path target, Path temp) {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class);
        if (view == null) {
            return;
        }
        try {
            Set<PosixFilePermission> permissions = Files.exists(target)
                    ? Files.getPosixFilePermissions(target)
                    : PosixFilePermissions.fromString("rw-r--r--");
            view.setPermissions(permissions);
        } catch (IOException | UnsupportedOperationException e) {
            // keep the temporary file's mode; the content is what matters
        }
    }
}
