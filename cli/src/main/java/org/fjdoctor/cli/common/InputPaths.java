package org.fjdoctor.cli.common;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import org.fjdoctor.reports.Printable;

/** The PATH arguments the analyzing commands ({@code scan}, {@code fix}) take, checked the same way. */
public final class InputPaths {

    private InputPaths() {
    }

    /**
     * Why a PATH argument cannot be analyzed, or null: it does not exist, or it is a file that is not
     * a {@code .java} file (named on its own, it would otherwise be parsed as Java and counted as scanned).
     */
    public static String error(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return "no such file or directory: " + Printable.escape(path.toString());
        }
        if (!Files.isDirectory(path) && !path.toString().endsWith(".java")) {
            return "not a .java file: " + Printable.escape(path.toString()) + " (give .java files or directories)";
        }
        return null;
    }
}
