package org.fjdoctor.eclipse.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Identifies the text a finding's offsets refer to. A quick fix computed on one text must never be
 * applied to another (the user may have typed since the analysis): its edits would land anywhere.
 */
public final class TextHash {

    private TextHash() {
    }

    public static String of(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
