package org.fjdoctor.refactorings.diff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.Deflater;

/**
 * A change of one file as a git binary patch ({@code GIT binary patch}, literal contents deflated and
 * base85-encoded, with the full blob ids {@code git apply} needs to check the file it patches). For
 * text that a line diff cannot carry as bytes: a file in UTF-16, whose line ends are not one byte.
 */
final class GitBinaryPatch {

    private static final char[] BASE85 = ("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
            + "abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~").toCharArray();
    /** Bytes per base85 line, as git writes them. */
    private static final int LINE = 52;

    private GitBinaryPatch() {
    }

    /** The patch from {@code before} to {@code after}; {@code path} as in {@link UnifiedDiff}. */
    static String of(String path, byte[] before, byte[] after) {
        StringBuilder out = new StringBuilder();
        out.append("diff --git ").append(GitPath.quote("a/" + path)).append(' ').append(GitPath.quote("b/" + path))
                .append('\n');
        out.append("index ").append(blobId(before)).append("..").append(blobId(after)).append('\n');
        out.append("GIT binary patch\n");
        literal(out, after);
        literal(out, before); // the reverse hunk, so that git apply -R works too
        return out.toString();
    }

    /** Git's object id of a blob: SHA-1 over {@code "blob <size>\0"} and the bytes. */
    static String blobId(byte[] bytes) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha1.digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-1", e);
        }
    }

    private static void literal(StringBuilder out, byte[] bytes) {
        out.append("literal ").append(bytes.length).append('\n');
        byte[] deflated = deflate(bytes);
        for (int start = 0; start < deflated.length; start += LINE) {
            int length = Math.min(LINE, deflated.length - start);
            out.append(length <= 26 ? (char) ('A' + length - 1) : (char) ('a' + length - 27));
            for (int group = start; group < start + length; group += 4) {
                long value = 0;
                for (int i = 0; i < 4; i++) {
                    int at = group + i;
                    value = value << 8 | (at < start + length ? deflated[at] & 0xFF : 0);
                }
                char[] digits = new char[5];
                for (int i = 4; i >= 0; i--) {
                    digits[i] = BASE85[(int) (value % 85)];
                    value /= 85;
                }
                out.append(digits);
            }
            out.append('\n');
        }
        out.append('\n');
    }

    private static byte[] deflate(byte[] bytes) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(bytes);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return out.toByteArray();
    }
}
