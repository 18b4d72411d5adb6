package org.fjdoctor.refactorings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Lines moved in or out by a rewrite keep the file's own line terminators: CRLF, LF or a lone CR. */
class SourceLinesTest {

    @Test
    void linesKeepTheirTerminatorsWhateverTheyAre() {
        assertArrayEquals(new String[] {"a\n", "b\n", "c"}, SourceLines.linesWithTerminators("a\nb\nc"));
        assertArrayEquals(new String[] {"a\r\n", "b\r\n"}, SourceLines.linesWithTerminators("a\r\nb\r\n"));
        assertArrayEquals(new String[] {"a\r", "b\r", "c"}, SourceLines.linesWithTerminators("a\rb\rc"));
        assertArrayEquals(new String[] {"a\r\n", "\n", "b"}, SourceLines.linesWithTerminators("a\r\n\nb"));
        assertArrayEquals(new String[] {"a\r", "\r", "b"}, SourceLines.linesWithTerminators("a\r\rb"));
    }

    @Test
    void followingLinesMoveInAfterEveryKindOfTerminator() {
        assertEquals("f(a,\n    b)", SourceLines.indentFollowingLines("f(a,\nb)", "    "));
        assertEquals("f(a,\r\n\tb)", SourceLines.indentFollowingLines("f(a,\r\nb)", "\t"));
        assertEquals("f(a,\r    b,\r    c)", SourceLines.indentFollowingLines("f(a,\rb,\rc)", "    "));
        assertEquals("f(a,\r$1b)", SourceLines.indentFollowingLines("f(a,\rb)", "$1"), "the prefix is literal text");
    }

    @Test
    void followingLinesMoveOutAfterEveryKindOfTerminator() {
        assertEquals("f(a,\n    b)", SourceLines.outdentFollowingLines("f(a,\n        b)", "    "));
        assertEquals("f(a,\r\n\tb)", SourceLines.outdentFollowingLines("f(a,\r\n\t\tb)", "\t"));
        assertEquals("f(a,\r    b,\rc)", SourceLines.outdentFollowingLines("f(a,\r        b,\r    c)", "    "));
        assertEquals("f(a,\r  b)", SourceLines.outdentFollowingLines("f(a,\r  b)", "    "), "too little indent: unchanged");
    }
}
