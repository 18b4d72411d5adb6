package org.fjdoctor.refactorings.pipeline;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file so that readers see the old content or the new one, never a half-written file:
 * a temporary file in the same directory, then a rename over the target. A symbolic link is written
 * through (its target changes, the link stays); a device or pipe ({@code /dev/null}, a FIFO) is written
 * into, not replaced. A read-only file is refused, and a replaced file keeps its owner, group and
 * permissions.
 */
public final class AtomicFile {

    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    /** The target has no write permission: it is left alone, even where the process could replace it (root). */
    public static final class ReadOnlyException extends AccessDeniedException {
        public ReadOnlyException(Path file) {
            super(file.toString(), null, "read-only");
        }
    }

    /** How many symbolic links a path may pass through, as the Linux kernel allows. */
    private static final int MAX_LINKS = 40;

    private AtomicFile() {
    }

    /** Writes {@code content} as UTF-8 to {@code target}. */
    public static void write(Path target, Content content) throws IOException {
        fill(target, out -> {
            try (Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))) {
                content.writeTo(writer);
            }
        });
    }

    /** Writes {@code bytes} to {@code target}. */
    public static void write(Path target, byte[] bytes) throws IOException {
        fill(target, out -> out.write(bytes));
    }

    private interface Filler {
        void fill(OutputStream out) throws IOException;
    }

    private static void fill(Path target, Filler filler) throws IOException {
        if (Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target)) {
            // A device or a pipe cannot be renamed over; the system follows any link to it (/dev/stderr).
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                filler.fill(out);
            }
            return;
        }
        Path absolute = Files.exists(target) ? target.toRealPath() : danglingLinkTarget(target.toAbsolutePath());
        if (Files.exists(absolute) && readOnly(absolute)) {
            throw new ReadOnlyException(absolute);
        }
        replace(absolute, filler);
    }

    /** Where a file that does not exist yet goes: past every link, so that a dangling link gets its target. */
    private static Path danglingLinkTarget(Path path) throws IOException {
        Path current = path;
        for (int i = 0; i < MAX_LINKS && Files.isSymbolicLink(current); i++) {
            current = current.resolveSibling(Files.readSymbolicLink(current)).toAbsolutePath().normalize();
        }
        if (Files.isSymbolicLink(current)) {
            throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
        }
        return current;
    }

    /**
     * Without write permission for anyone a file is read-only; root could replace it all the same, so the
     * permission bits are read as well as asked about.
     */
    static boolean readOnly(Path file) {
        if (!Files.isWritable(file)) {
            return true;
        }
        PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (view == null) {
            return false;
        }
        try {
            Set<PosixFilePermission> permissions = view.readAttributes().permissions();
            return !permissions.contains(PosixFilePermission.OWNER_WRITE)
                    && !permissions.contains(PosixFilePermission.GROUP_WRITE)
                    && !permissions.contains(PosixFilePermission.OTHERS_WRITE);
        } catch (IOException e) {
            return false;
        }
    }

    /** Fills a temporary file next to {@code absolute}, gives it the target's attributes and renames it over the target. */
    private static void replace(Path absolute, Filler filler) throws IOException {
        Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                filler.fill(out);
            }
            copyAttributes(absolute, temp);
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * The temporary file belongs to whoever runs this, mode 0600. A replaced file keeps its owner and group
     * (or is not replaced: root fixing someone else's file must not take it over) and its mode; a new file
     * gets 0644.
     */
    private static void copyAttributes(Path target, Path temp) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        if (view == null) {
            return;
        }
        Set<PosixFilePermission> permissions = PosixFilePermissions.fromString("rw-r--r--");
        if (Files.exists(target)) {
            PosixFileAttributes old = Files.readAttributes(target, PosixFileAttributes.class);
            PosixFileAttributes now = view.readAttributes();
            try {
                if (!now.owner().equals(old.owner())) {
                    view.setOwner(old.owner());
                }
                if (!now.group().equals(old.group())) {
                    view.setGroup(old.group());
                }
            } catch (IOException e) {
                throw new FileSystemException(target.toString(), null, "cannot keep its owner " + old.owner().getName()
                        + " and group " + old.group().getName());
            }
            permissions = old.permissions();
        }
        try {
            view.setPermissions(permissions);
        } catch (IOException | UnsupportedOperationException e) {
            // keep the temporary file's mode; the content is what matters
        }
    }
}
