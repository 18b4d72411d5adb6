package org.fjdoctor.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class PrintableTest {

    @Test
    void ordinaryTextIsKeptAsItIs() {
        String text = "src/Grüße/Задача.java:1:2: warning\t[copy-on-fork] a \\ b";
        assertSame(text, Printable.escape(text));
    }

    @Test
    void controlCharactersBecomeVisibleEscapes() {
        assertEquals("a\\nb\\rc\\ed\\x00e\\x7ff\\x9bg", Printable.escape("a\nb\rc\u001bd\u0000e\u007ff\u009bg"));
    }

    /** Bidi overrides and isolates, zero-width characters, separators, tags and lone surrogates are invisible. */
    @Test
    void invisibleFormatCharactersBecomeVisibleEscapes() {
        assertEquals("\\u202e\\u2066\\u200b\\ufeff\\u2028\\U000e0041\\ud800x",
                Printable.escape("\u202e\u2066\u200b\ufeff\u2028\udb40\udc41\ud800x"));
    }
}
