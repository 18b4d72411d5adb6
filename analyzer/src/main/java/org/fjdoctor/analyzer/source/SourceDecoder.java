package org.fjdoctor.analyzer.source;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns a file's bytes into text without ever guessing silently: strict decoding first, and a
 * byte-preserving Latin-1 fallback that the caller reports.
 */
final class SourceDecoder {

    record Decoded(String text, Charset charset, boolean byteOrderMark, boolean fellBack) {
    }

    private SourceDecoder() {
    }

    /** A NUL byte never occurs in Java source text; it does in class files, images and archives. */
    static boolean looksBinary(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return !startsWithUtf16Bom(bytes);
            }
        }
        return false;
    }

    private static boolean startsWithUtf16Bom(byte[] b) {
        return b.length >= 2 && ((b[0] == (byte) 0xFE && b[1] == (byte) 0xFF) || (b[0] == (byte) 0xFF && b[1] == (byte) 0xFE));
    }

    static Decoded decode(byte[] bytes, Charset preferred) {
        if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
            String text = strict(ByteBuffer.wrap(bytes, 3, bytes.length - 3), StandardCharsets.UTF_8);
            if (text != null) {
                return new Decoded(text, StandardCharsets.UTF_8, true, false);
            }
        }
        if (startsWithUtf16Bom(bytes)) {
            String text = strict(ByteBuffer.wrap(bytes, 2, bytes.length - 2),
                    bytes[0] == (byte) 0xFE ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE);
            if (text != null) {
                return new Decoded(text, bytes[0] == (byte) 0xFE ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE,
                        true, false);
            }
        }
        Charset first = preferred == null ? StandardCharsets.UTF_8 : preferred;
        String text = strict(ByteBuffer.wrap(bytes), first);
        if (text != null) {
            return new Decoded(text, first, false, false);
        }
        // Latin-1 maps every byte to one char, so offsets stay meaningful and writing back with the
        // same charset restores the exact bytes.
        return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1, false, true);
    }

    private static String strict(ByteBuffer bytes, Charset charset) {
        try {
            return charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes)
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
