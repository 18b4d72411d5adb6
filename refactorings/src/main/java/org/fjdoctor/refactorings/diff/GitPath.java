package org.fjdoctor.refactorings.diff;

import java.nio.charset.StandardCharsets;

/**
 * A path in a diff header the way git writes it with its default {@code core.quotePath}, so that
 * {@code git apply} reads back the same path: unchanged when every byte is printable ASCII other than
 * {@code "} and {@code \}; otherwise in double quotes, with {@code \t}, {@code \n}, {@code \"},
 * {@code \\} (and the other C escapes) and every other control or non-ASCII byte of its UTF-8 form as
 * a three-digit octal escape. A space needs no quoting. The result is always ASCII.
 */
public final class GitPath {

    private GitPath() {
    }

    public static String quote(String path) {
        byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
        boolean plain = true;
        for (byte b : bytes) {
            plain &= !mustQuote(b & 0xFF);
        }
        if (plain) {
            return path;
        }
        StringBuilder out = new StringBuilder(bytes.length + 8).append('"');
        for (byte b : bytes) {
            int c = b & 0xFF;
            if (!mustQuote(c)) {
                out.append((char) c);
                continue;
            }
            out.append('\\');
            switch (c) {
                case 0x07 -> out.append('a');
                case '\b' -> out.append('b');
                case '\t' -> out.append('t');
                case '\n' -> out.append('n');
                case 0x0B -> out.append('v');
                case '\f' -> out.append('f');
                case '\r' -> out.append('r');
                case '"', '\\' -> out.append((char) c);
                default -> out.append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
                        .append((char) ('0' + (c & 7)));
            }
        }
        return out.append('"').toString();
    }

    private static boolean mustQuote(int c) {
        return c < 0x20 || c == '"' || c == '\\' || c >= 0x7F;
    }
}
