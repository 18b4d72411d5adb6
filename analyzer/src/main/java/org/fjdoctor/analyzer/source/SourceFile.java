package org.fjdoctor.analyzer.source;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One decoded Java source file. Offsets everywhere in fjdoctor are offsets into {@link #text()}.
 *
 * @param path         absolute, normalized path
 * @param display      the path as shown to users: the scanned root as given on the command line plus
 *                     the path below it
 * @param rootRelative the path below the scanned root, with {@code /}; fingerprints use it so they do
 *                     not depend on where the scan was started from
 * @param charset      the charset the bytes were decoded with (a rewrite writes back with it)
 */
public record SourceFile(Path path, String display, String rootRelative, String text, Charset charset,
                         boolean byteOrderMark, int[] lineStarts) {

    public static SourceFile of(Path path, String display, String rootRelative, String text, Charset charset,
                                boolean byteOrderMark) {
        return new SourceFile(path, display, rootRelative, text, charset, byteOrderMark, lineStarts(text));
    }

    private static int[] lineStarts(String text) {
        int[] starts = new int[16];
        int count = 0;
        starts[count++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // \r\n, \n and a lone \r all end a line, as the Java language specification says.
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        return Arrays.copyOf(starts, count);
    }

    /** 1-based line of a character offset. */
    public int lineOf(int offset) {
        int index = Arrays.binarySearch(lineStarts, Math.max(0, offset));
        return (index >= 0 ? index : -index - 2) + 1;
    }

    /** 1-based column of a character offset. */
    public int columnOf(int offset) {
        return offset - lineStarts[lineOf(offset) - 1] + 1;
    }

    /** The text of a 1-based line, without its line terminator. */
    public String lineText(int line) {
        if (line < 1 || line > lineStarts.length) {
            return "";
        }
        int start = lineStarts[line - 1];
        int end = line < lineStarts.length ? lineStarts[line] : text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return text.substring(start, end);
    }

    /** Lines as editors count them: a final line terminator does not start another line. */
    public int lineCount() {
        boolean endsWithTerminator = !text.isEmpty() && lineStarts[lineStarts.length - 1] == text.length();
        return endsWithTerminator ? lineStarts.length - 1 : lineStarts.length;
    }
}
