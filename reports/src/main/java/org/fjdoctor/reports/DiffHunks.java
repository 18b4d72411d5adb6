package org.fjdoctor.reports;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The new-side lines of each file in the output of {@code git diff --unified=0 --src-prefix=a/
 * --dst-prefix=b/}: which lines of the work tree a diff added or changed. A pure deletion has no new
 * line, so it marks the lines on either side of the gap it left (the place a reviewer sees it). A binary
 * file that changed (a UTF-16 source, to git) counts as changed throughout; a pure rename or mode change
 * changes no line.
 *
 * <p>Paths are git's, relative to the top of the work tree, with git's quoting undone.
 */
public final class DiffHunks {

    /**
     * @param lines      by path, the changed lines (1-based) of each file with hunks
     * @param wholeFiles binary files that changed: every line counts
     */
    public record Changes(Map<String, BitSet> lines, Set<String> wholeFiles) {
    }

    /** {@code @@ -a[,b] +c[,d] @@}; the counts default to 1. */
    private static final Pattern HUNK = Pattern.compile("^@@ -\\d+(?:,\\d+)? \\+(\\d+)(?:,(\\d+))? @@");

    private DiffHunks() {
    }

    public static Changes parse(String diff) {
        Map<String, BitSet> lines = new LinkedHashMap<>();
        Set<String> whole = new LinkedHashSet<>();
        String file = null; // the new side of the file being read; null for a deleted file
        boolean header = false; // in a file's header, where content lines cannot be mistaken for names
        for (String line : diff.split("\n", -1)) {
            if (line.startsWith("diff --git ")) {
                file = null;
                header = true;
            } else if (header && line.startsWith("+++ ")) {
                String name = path(line.substring(4));
                file = name.startsWith("b/") ? name.substring(2) : null;
            } else if (header && line.startsWith("rename to ")) {
                file = path(line.substring("rename to ".length()));
            } else if (header && line.startsWith("Binary files ")) {
                file = binaryNewSide(line);
                if (file != null) {
                    whole.add(file);
                }
            } else if (line.startsWith("@@ ")) {
                header = false;
                mark(line, file, lines);
            }
        }
        return new Changes(lines, whole);
    }

    private static void mark(String hunkHeader, String file, Map<String, BitSet> lines) {
        Matcher hunk = HUNK.matcher(hunkHeader);
        if (file == null || !hunk.find()) {
            return;
        }
        int start = Integer.parseInt(hunk.group(1));
        int count = hunk.group(2) == null ? 1 : Integer.parseInt(hunk.group(2));
        BitSet changed = lines.computeIfAbsent(file, f -> new BitSet());
        if (count > 0) {
            changed.set(start, start + count);
        } else {
            // Lines were deleted after new line `start` (0: at the top of the file).
            changed.set(Math.max(start, 1), start + 2);
        }
    }

    /** {@code Binary files a/x and b/y differ}: {@code y}, or null when the new side is {@code /dev/null}. */
    private static String binaryNewSide(String line) {
        String names = line.substring("Binary files ".length(), line.length() - " differ".length());
        int and = names.lastIndexOf(" and ");
        String name = and < 0 ? names : path(names.substring(and + " and ".length()));
        return name.startsWith("b/") ? name.substring(2) : null;
    }

    /**
     * A path as git writes it in a header: in double quotes with C escapes (octal bytes of UTF-8) when
     * it holds unusual characters, else as is; a name with a space ends with a tab, which is not part of it.
     */
    static String path(String written) {
        String text = written.endsWith("\t") ? written.substring(0, written.length() - 1) : written;
        if (text.length() < 2 || !text.startsWith("\"") || !text.endsWith("\"")) {
            return text;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 1; i < text.length() - 1; i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 >= text.length() - 1) {
                // Unescaped text (UTF-8 as is, with core.quotePath off) is whole code points.
                int end = Character.isHighSurrogate(c) && i + 1 < text.length() - 1 ? i + 2 : i + 1;
                byte[] encoded = text.substring(i, end).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
                i = end - 1;
                continue;
            }
            char next = text.charAt(++i);
            if (next >= '0' && next <= '7' && i + 2 < text.length() - 1) {
                bytes.write(Integer.parseInt(text.substring(i, i + 3), 8));
                i += 2;
            } else {
                bytes.write(switch (next) {
                    case 'a' -> 7;
                    case 'b' -> '\b';
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'v' -> 11;
                    case 'f' -> '\f';
                    case 'r' -> '\r';
                    default -> next; // \" and \\
                });
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
