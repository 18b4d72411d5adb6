package org.fjdoctor.analyzer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Fingerprints that survive unrelated edits: they hash the rule, the file below the scanned root,
 * the enclosing member, the finding's own code with whitespace collapsed, and its ordinal among
 * identical code in that member. Line numbers are left out on purpose.
 */
final class Fingerprints {

    private Fingerprints() {
    }

    static String of(String ruleId, String rootRelativePath, String member, String code, int ordinal) {
        String normalized = code.replaceAll("\\s+", " ").trim();
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] hash = digest.digest(String.join("\u0000", ruleId, rootRelativePath, member, normalized,
                    Integer.toString(ordinal)).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
