package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Lines and columns are 1-based; {@code \n}, {@code \r\n} and a lone {@code \r} each end a line. */
class SourceFileTest {

    private static SourceFile file(String text) {
        return SourceFile.of(Path.of("/src/A.java").toAbsolutePath(), "A.java", "A.java", text, StandardCharsets.UTF_8,
                false);
    }

    /** "line:column" of an offset. */
    private static String at(SourceFile file, int offset) {
        return file.lineOf(offset) + ":" + file.columnOf(offset);
    }

    @Test
    void lineFeedEndsLines() {
        SourceFile file = file("ab\ncd\ne");

        assertEquals("1:1", at(file, 0));
        assertEquals("1:3", at(file, 2), "the terminator belongs to its line");
        assertEquals("2:1", at(file, 3));
        assertEquals("2:2", at(file, 4));
        assertEquals("3:1", at(file, 6));
        assertEquals("ab", file.lineText(1));
        assertEquals("cd", file.lineText(2));
        assertEquals("e", file.lineText(3));
    }

    @Test
    void crlfIsOneLineTerminator() {
        SourceFile file = file("ab\r\ncd\r\ne");

        assertEquals(3, file.lineCount());
        assertEquals("1:3", at(file, 2), "the \\r");
        assertEquals("1:4", at(file, 3), "the \\n of the same terminator");
        assertEquals("2:1", at(file, 4));
        assertEquals("2:2", at(file, 5));
        assertEquals("3:1", at(file, 8));
        assertEquals("ab", file.lineText(1), "no \\r left at the end of the line text");
        assertEquals("cd", file.lineText(2));
        assertEquals("e", file.lineText(3));
    }

    @Test
    void loneCarriageReturnEndsALine() {
        SourceFile file = file("ab\rcd\re");

        assertEquals(3, file.lineCount());
        assertEquals("1:3", at(file, 2));
        assertEquals("2:1", at(file, 3));
        assertEquals("3:1", at(file, 6));
        assertEquals("cd", file.lineText(2));
    }

    @Test
    void mixedTerminatorsAndEmptyLines() {
        SourceFile file = file("a\r\n\rb\n\nc");

        assertEquals(5, file.lineCount());
        assertEquals("a", file.lineText(1));
        assertEquals("", file.lineText(2), "\\r\\n then \\r: an empty line between them");
        assertEquals("b", file.lineText(3));
        assertEquals("", file.lineText(4));
        assertEquals("c", file.lineText(5));
        assertEquals("3:1", at(file, 4));
        assertEquals("5:1", at(file, 7));
    }

    @Test
    void aFinalNewlineDoesNotCountAsAnotherLine() {
        assertEquals(2, file("class A {\n}\n").lineCount());
        assertEquals(2, file("class A {\r\n}\r\n").lineCount());
        assertEquals(3, file("class A {\n}\n\n").lineCount(), "an empty last line is a line");
    }

    @Test
    void lastLineWithoutNewline() {
        SourceFile file = file("class A {\n}");

        assertEquals(2, file.lineCount());
        assertEquals("}", file.lineText(2));
        assertEquals("2:1", at(file, 10));
        assertEquals("2:2", at(file, 11), "the end of the text is still on the last line");
    }

    @Test
    void textEndingInATerminatorEndsOnAnEmptyLine() {
        SourceFile lf = file("x\n");
        SourceFile cr = file("x\r");
        SourceFile crlf = file("x\r\n");

        assertEquals("2:1", at(lf, 2));
        assertEquals("2:1", at(cr, 2));
        assertEquals("2:1", at(crlf, 3));
        assertEquals("", lf.lineText(2));
        assertEquals("x", crlf.lineText(1));
    }

    @Test
    void lineTextOutsideTheFileIsEmpty() {
        SourceFile file = file("a\nb");

        assertEquals("", file.lineText(0));
        assertEquals("", file.lineText(3));
        assertEquals("", file.lineText(-1));
    }

    @Test
    void manyLines() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 1000; i++) {
            text.append("line").append(i).append(i % 2 == 0 ? "\r\n" : "\n");
        }
        SourceFile file = file(text.toString());

        assertEquals("line1", file.lineText(1));
        assertEquals("line1000", file.lineText(1000));
        int offset = text.indexOf("line777");
        assertEquals("777:1", at(file, offset));
        assertEquals("777:5", at(file, offset + 4));
    }
}
