package org.fjdoctor.analyzer.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;

class SourceDecoderTest {

    private static final String JAVA = "class A { String s = \"r\u00e9sum\u00e9 \u20ac\"; }\n";

    @Test
    void validUtf8IsDecodedStrictlyWithoutFallback() {
        SourceDecoder.Decoded decoded = SourceDecoder.decode(JAVA.getBytes(StandardCharsets.UTF_8), null);

        assertEquals(JAVA, decoded.text());
        assertEquals(StandardCharsets.UTF_8, decoded.charset());
        assertFalse(decoded.fellBack());
        assertFalse(decoded.byteOrderMark());
    }

    @Test
    void invalidUtf8FallsBackToLatin1AndKeepsEveryByte() throws IOException {
        byte[] bytes = Files.readAllBytes(BrokenInputTest.corpusBroken().resolve("Latin1.java"));
        SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, null);

        assertTrue(decoded.fellBack());
        assertEquals(StandardCharsets.ISO_8859_1, decoded.charset());
        assertTrue(decoded.text().contains("r\u00e9sum\u00e9"), "é read as é, not as a replacement character");
        assertFalse(decoded.text().contains("\ufffd"));
        assertEquals(bytes.length, decoded.text().length(), "one char per byte, so offsets stay meaningful");
        assertArrayEquals(bytes, decoded.text().getBytes(decoded.charset()), "writing back restores the exact bytes");
    }

    @Test
    void utf8ByteOrderMarkIsStrippedAndRemembered() {
        byte[] bytes = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, JAVA.getBytes(StandardCharsets.UTF_8));
        SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, null);

        assertEquals(JAVA, decoded.text());
        assertEquals(StandardCharsets.UTF_8, decoded.charset());
        assertTrue(decoded.byteOrderMark());
        assertFalse(decoded.fellBack());
        assertFalse(SourceDecoder.looksBinary(bytes));
    }

    @Test
    void utf16WithByteOrderMarkIsTextDespiteItsNulBytes() {
        for (Charset charset : new Charset[] {StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE}) {
            byte[] bom = charset == StandardCharsets.UTF_16LE ? new byte[] {(byte) 0xFF, (byte) 0xFE}
                    : new byte[] {(byte) 0xFE, (byte) 0xFF};
            byte[] bytes = concat(bom, JAVA.getBytes(charset));

            assertFalse(SourceDecoder.looksBinary(bytes), charset.name());
            SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, null);
            assertEquals(JAVA, decoded.text(), charset.name());
            assertEquals(charset, decoded.charset());
            assertTrue(decoded.byteOrderMark());
            assertFalse(decoded.fellBack());
        }
    }

    @Test
    void anyNulByteWithoutUtf16ByteOrderMarkMeansBinary() throws IOException {
        assertTrue(SourceDecoder.looksBinary(Files.readAllBytes(BrokenInputTest.corpusBroken().resolve("Binary.java"))));
        assertTrue(SourceDecoder.looksBinary("class A {}\u0000".getBytes(StandardCharsets.UTF_8)));
        assertTrue(SourceDecoder.looksBinary(JAVA.getBytes(StandardCharsets.UTF_16LE)), "UTF-16 without a BOM");
        assertFalse(SourceDecoder.looksBinary(JAVA.getBytes(StandardCharsets.UTF_8)));
        assertFalse(SourceDecoder.looksBinary(new byte[0]));
    }

    @Test
    void preferredCharsetIsTriedFirst() {
        Charset windows1252 = Charset.forName("windows-1252");
        byte[] bytes = JAVA.getBytes(windows1252);
        SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, windows1252);

        assertEquals(JAVA, decoded.text(), "0x80 is the euro sign in windows-1252");
        assertEquals(windows1252, decoded.charset());
        assertFalse(decoded.fellBack());
    }

    @Test
    void preferredCharsetThatDoesNotFitFallsBackToLatin1() {
        byte[] bytes = JAVA.getBytes(StandardCharsets.UTF_8);
        SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, StandardCharsets.US_ASCII);

        assertTrue(decoded.fellBack());
        assertEquals(StandardCharsets.ISO_8859_1, decoded.charset());
        assertArrayEquals(bytes, decoded.text().getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void utf8ByteOrderMarkFollowedByInvalidUtf8StillDecodesLosslessly() {
        byte[] bytes = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, JAVA.getBytes(StandardCharsets.ISO_8859_1));
        SourceDecoder.Decoded decoded = SourceDecoder.decode(bytes, null);

        // Reported as an encoding fallback (the BOM bytes become the first three chars); nothing is
        // lost or replaced.
        assertTrue(decoded.fellBack());
        assertArrayEquals(bytes, decoded.text().getBytes(decoded.charset()));
    }

    @Test
    void emptyInputDecodesToEmptyText() {
        SourceDecoder.Decoded decoded = SourceDecoder.decode(new byte[0], null);

        assertEquals("", decoded.text());
        assertFalse(decoded.fellBack());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
