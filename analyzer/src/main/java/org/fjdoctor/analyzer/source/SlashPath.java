package org.fjdoctor.analyzer.source;

import java.nio.file.Path;

/**
 * A relative path as reports, diffs and fingerprints show it: its names joined with {@code /}. Not
 * {@code toString().replace('\\', '/')}: on Linux a backslash is an ordinary character of a file name,
 * and turning it into a separator names another file (which then never matches the one analyzed).
 */
public final class SlashPath {

    private SlashPath() {
    }

    public static String of(Path relative) {
        StringBuilder out = new StringBuilder();
        for (Path name : relative) {
            if (!out.isEmpty()) {
                out.append('/');
            }
            out.append(name);
        }
        return out.toString();
    }
}
