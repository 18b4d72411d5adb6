package org.fjdoctor.refactorings.pipeline;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;

import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Writes a rewritten source file the way it was read: same charset, the byte order mark if it had
 * one, same owner, group and permissions; atomically (temporary file and rename); and only if the file
 * on disk is still what was analyzed and is not read-only.
 */
public final class SourceWriter {

    /** The file cannot (or must not) be written; the message names it and says why. */
    public static final class WriteException extends IOException {
        private final String reason;

        public WriteException(SourceFile file, String reason) {
            super(file.display() + ": " + reason);
            this.reason = reason;
        }

        /** Why, without the file's name. */
        public String reason() {
            return reason;
        }
    }

    private SourceWriter() {
    }

    public static void write(SourceFile original, String text) throws IOException {
        byte[] current = Files.readAllBytes(original.path());
        if (!Arrays.equals(current, encode(original, original.text()))) {
            throw new WriteException(original, "changed on disk since it was analyzed");
        }
        AtomicFile.write(original.path(), encode(original, text));
    }

    /** The bytes of {@code text} in the original file's charset, byte order mark included. */
    public static byte[] encode(SourceFile original, String text) throws WriteException {
        Charset charset = original.charset();
        ByteBuffer body;
        try {
            body = charset.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(text));
        } catch (CharacterCodingException e) {
            throw new WriteException(original, "the new text cannot be encoded in " + charset.name());
        }
        byte[] bom = original.byteOrderMark() ? byteOrderMark(charset) : new byte[0];
        byte[] bytes = new byte[bom.length + body.remaining()];
        System.arraycopy(bom, 0, bytes, 0, bom.length);
        body.get(bytes, bom.length, body.remaining());
        return bytes;
    }

    private static byte[] byteOrderMark(Charset charset) {
        if (charset.equals(StandardCharsets.UTF_16BE)) {
            return new byte[] {(byte) 0xFE, (byte) 0xFF};
        }
        if (charset.equals(StandardCharsets.UTF_16LE)) {
            return new byte[] {(byte) 0xFF, (byte) 0xFE};
        }
        return new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    }
}
