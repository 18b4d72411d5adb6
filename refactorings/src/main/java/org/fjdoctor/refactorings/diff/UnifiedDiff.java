package org.fjdoctor.refactorings.diff;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Line diffs in git's unified format ({@code diff --git}, {@code --- a/}, {@code +++ b/}, hunks with
 * three lines of context), computed with Myers' O(ND) algorithm. Lines keep their own terminators, so
 * CRLF files diff as they are and a missing final newline is marked the way git marks it. Paths in the
 * headers are {@linkplain GitPath quoted as git quotes them}, so a header is always one ASCII line.
 */
public final class UnifiedDiff {

    /** Lines of unchanged context around each change. */
    public static final int CONTEXT = 3;

    /** Every printable ASCII character and the line ends, to tell whether a charset writes ASCII as itself. */
    private static final String ASCII;

    static {
        StringBuilder ascii = new StringBuilder("\t\n\r");
        for (char c = ' '; c < 0x7F; c++) {
            ascii.append(c);
        }
        ASCII = ascii.toString();
    }

    /** Lines added and removed. */
    public record Stats(int added, int removed) {
        public static final Stats NONE = new Stats(0, 0);

        public Stats plus(Stats other) {
            return new Stats(added + other.added, removed + other.removed);
        }

        @Override
        public String toString() {
            return "+" + added + " -" + removed;
        }
    }

    private enum Op { EQUAL, DELETE, INSERT }

    private record Edit(Op op, int oldIndex, int newIndex) {
    }

    private UnifiedDiff() {
    }

    /**
     * The diff of one file as text (to show it), empty when the texts are equal; {@code path} is shown as
     * {@code a/path} and {@code b/path}. For {@code git apply} use the bytes of {@link #of(String, String,
     * String, Charset, boolean)}.
     */
    public static String of(String path, String before, String after) {
        if (before.equals(after)) {
            return "";
        }
        List<String> a = lines(before);
        List<String> b = lines(after);
        List<Edit> script = script(a, b);
        String oldPath = GitPath.quote("a/" + path);
        String newPath = GitPath.quote("b/" + path);
        StringBuilder out = new StringBuilder();
        out.append("diff --git ").append(oldPath).append(' ').append(newPath).append('\n');
        // As git does: a tab ends a name with a space, so that patch(1) reads all of it.
        String nameEnd = path.indexOf(' ') >= 0 ? "\t\n" : "\n";
        out.append("--- ").append(oldPath).append(nameEnd);
        out.append("+++ ").append(newPath).append(nameEnd);
        int i = 0;
        while (i < script.size()) {
            if (script.get(i).op() == Op.EQUAL) {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            // Extend the hunk while the next change is within two contexts of the last one.
            int lastChange = i;
            for (int j = i; j < script.size(); j++) {
                if (script.get(j).op() != Op.EQUAL) {
                    lastChange = j;
                } else if (j - lastChange > 2 * CONTEXT) {
                    break;
                }
            }
            int end = Math.min(script.size() - 1, lastChange + CONTEXT);
            appendHunk(out, script.subList(start, end + 1), a, b);
            i = end + 1;
        }
        return out.toString();
    }

    /**
     * The diff of one file as the bytes {@code git apply} needs: every line in the file's own charset,
     * and its byte order mark (which decoding took off the text and writing puts back) at the start of
     * line 1 on both sides. A charset that does not write ASCII as itself (UTF-16) has no one-byte line
     * ends for a line diff: such a file's change is a {@linkplain GitBinaryPatch git binary patch}.
     */
    public static byte[] of(String path, String before, String after, Charset charset, boolean byteOrderMark) {
        if (before.equals(after)) {
            return new byte[0];
        }
        String mark = byteOrderMark ? "\uFEFF" : "";
        if (!Arrays.equals(ASCII.getBytes(charset), ASCII.getBytes(StandardCharsets.US_ASCII))) {
            return GitBinaryPatch.of(path, (mark + before).getBytes(charset), (mark + after).getBytes(charset))
                    .getBytes(StandardCharsets.US_ASCII);
        }
        return of(path, mark + before, mark + after).getBytes(charset);
    }

    /** Lines added and removed between the two texts. */
    public static Stats stats(String before, String after) {
        if (before.equals(after)) {
            return Stats.NONE;
        }
        int added = 0;
        int removed = 0;
        for (Edit edit : script(lines(before), lines(after))) {
            if (edit.op() == Op.INSERT) {
                added++;
            } else if (edit.op() == Op.DELETE) {
                removed++;
            }
        }
        return new Stats(added, removed);
    }

    private static void appendHunk(StringBuilder out, List<Edit> hunk, List<String> a, List<String> b) {
        int oldStart = -1;
        int newStart = -1;
        int oldCount = 0;
        int newCount = 0;
        int oldBefore = 0;
        int newBefore = 0;
        for (Edit edit : hunk) {
            if (edit.op() != Op.INSERT) {
                if (oldStart < 0) {
                    oldStart = edit.oldIndex();
                }
                oldCount++;
            } else if (oldStart < 0) {
                oldBefore = edit.oldIndex();
            }
            if (edit.op() != Op.DELETE) {
                if (newStart < 0) {
                    newStart = edit.newIndex();
                }
                newCount++;
            } else if (newStart < 0) {
                newBefore = edit.newIndex();
            }
        }
        // An empty side names the line before the hunk (0 at the start of the file), as diff and git do.
        out.append("@@ -").append(range(oldCount == 0 ? oldBefore : oldStart + 1, oldCount))
                .append(" +").append(range(newCount == 0 ? newBefore : newStart + 1, newCount)).append(" @@\n");
        for (Edit edit : hunk) {
            String line = switch (edit.op()) {
                case EQUAL -> " " + a.get(edit.oldIndex());
                case DELETE -> "-" + a.get(edit.oldIndex());
                case INSERT -> "+" + b.get(edit.newIndex());
            };
            out.append(line);
            if (!line.endsWith("\n")) {
                out.append("\n\\ No newline at end of file\n");
            }
        }
    }

    private static String range(int start, int count) {
        return count == 1 ? Integer.toString(start) : start + "," + count;
    }

    /** Lines with their terminators ({@code \n}, so {@code \r\n} stays part of the line). */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    /** The edit script: every line of both sides, in order, as kept, deleted or inserted. */
    private static List<Edit> script(List<String> a, List<String> b) {
        int prefix = 0;
        while (prefix < a.size() && prefix < b.size() && a.get(prefix).equals(b.get(prefix))) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < a.size() - prefix && suffix < b.size() - prefix
                && a.get(a.size() - 1 - suffix).equals(b.get(b.size() - 1 - suffix))) {
            suffix++;
        }
        List<Edit> script = new ArrayList<>();
        for (int i = 0; i < prefix; i++) {
            script.add(new Edit(Op.EQUAL, i, i));
        }
        script.addAll(myers(a.subList(prefix, a.size() - suffix), b.subList(prefix, b.size() - suffix), prefix));
        for (int i = suffix; i > 0; i--) {
            script.add(new Edit(Op.EQUAL, a.size() - i, b.size() - i));
        }
        return script;
    }

    private static List<Edit> myers(List<String> a, List<String> b, int base) {
        int n = a.size();
        int m = b.size();
        int max = n + m;
        int offset = max + 1;
        int[] v = new int[2 * max + 3];
        List<int[]> trace = new ArrayList<>();
        int found = -1;
        for (int d = 0; d <= max && found < 0; d++) {
            trace.add(v.clone());
            for (int k = -d; k <= d; k += 2) {
                int x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                        ? v[offset + k + 1]
                        : v[offset + k - 1] + 1;
                int y = x - k;
                while (x < n && y < m && a.get(x).equals(b.get(y))) {
                    x++;
                    y++;
                }
                v[offset + k] = x;
                if (x >= n && y >= m) {
                    found = d;
                    break;
                }
            }
        }
        List<Edit> reversed = new ArrayList<>();
        int x = n;
        int y = m;
        for (int d = found; d >= 0; d--) {
            int[] before = trace.get(d);
            int k = x - y;
            int previousK = k == -d || (k != d && before[offset + k - 1] < before[offset + k + 1]) ? k + 1 : k - 1;
            int previousX = d == 0 ? 0 : before[offset + previousK];
            int previousY = previousX - previousK;
            while (x > previousX && y > previousY) {
                x--;
                y--;
                reversed.add(new Edit(Op.EQUAL, base + x, base + y));
            }
            if (d > 0) {
                if (x == previousX) {
                    reversed.add(new Edit(Op.INSERT, base + x, base + previousY));
                } else {
                    reversed.add(new Edit(Op.DELETE, base + previousX, base + y));
                }
            }
            x = previousX;
            y = previousY;
        }
        List<Edit> edits = new ArrayList<>(reversed.size());
        for (int i = reversed.size() - 1; i >= 0; i--) {
            edits.add(reversed.get(i));
        }
        return edits;
    }
}
