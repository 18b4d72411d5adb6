package org.fjdoctor.analyzer.scope;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A minimal Java lexer: identifiers and the punctuation that shapes declarations, with their
 * offsets; comments, string, text-block and char literals are skipped. Fast enough for every file of
 * a large tree, and only ever used for answers that may be supersets.
 */
final class JavaLexer {

    /** The tokens of one text; {@code offsets[i]} is where {@code tokens.get(i)} starts. */
    record Tokens(List<String> tokens, int[] offsets) {
        String at(int index) {
            return index >= 0 && index < tokens.size() ? tokens.get(index) : "";
        }

        int size() {
            return tokens.size();
        }
    }

    /**
     * The one-character tokens, by character: shared strings instead of a new one per occurrence (the
     * lexer runs over every file of a tree, the JDK's 1.3 million lines included).
     */
    private static final String[] PUNCTUATION = new String[128];

    static {
        for (char c : "{};().<>=,@[]".toCharArray()) {
            PUNCTUATION[c] = String.valueOf(c).intern();
        }
    }

    private JavaLexer() {
    }

    static Tokens lex(String text) {
        int n = text.length();
        List<String> tokens = new ArrayList<>();
        int[] offsets = new int[Math.max(16, n / 6)];
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int start = i;
            String token = null;
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (c == '"' && text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                while (end > 0 && text.charAt(end - 1) == '\\') {
                    end = text.indexOf("\"\"\"", end + 1);
                }
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || c == '\'') {
                i++;
                while (i < n && text.charAt(i) != c && text.charAt(i) != '\n') {
                    i += text.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else if (isIdentifierStart(c)) {
                i++;
                while (i < n && isIdentifierPart(text.charAt(i))) {
                    i++;
                }
                token = text.substring(start, i);
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '>') {
                token = "->";
                i += 2;
            } else if (c == ':' && i + 1 < n && text.charAt(i + 1) == ':') {
                token = "::";
                i += 2;
            } else {
                token = c < PUNCTUATION.length ? PUNCTUATION[c] : null;
                i++;
            }
            if (token != null) {
                if (tokens.size() == offsets.length) {
                    offsets = Arrays.copyOf(offsets, offsets.length * 2);
                }
                offsets[tokens.size()] = start;
                tokens.add(token);
            }
        }
        return new Tokens(tokens, offsets);
    }

    /**
     * Where the braces of a text stop balancing: the offset of the first unmatched '}' or of the
     * innermost '{' left open at the end; -1 when they balance.
     */
    static int unbalancedBrace(Tokens tokens) {
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>();
        for (int t = 0; t < tokens.size(); t++) {
            if (tokens.at(t).equals("{")) {
                open.push(tokens.offsets()[t]);
            } else if (tokens.at(t).equals("}")) {
                if (open.isEmpty()) {
                    return tokens.offsets()[t];
                }
                open.pop();
            }
        }
        return open.isEmpty() ? -1 : open.peek();
    }

    static boolean isIdentifier(String token) {
        return !token.isEmpty() && isIdentifierStart(token.charAt(0));
    }

    /** {@link Character#isJavaIdentifierStart}, with ASCII answered without a table lookup. */
    private static boolean isIdentifierStart(char c) {
        if (c < 128) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
        }
        return Character.isJavaIdentifierStart(c);
    }

    /** {@link Character#isJavaIdentifierPart}, with ASCII answered without a table lookup. */
    private static boolean isIdentifierPart(char c) {
        if (c < 128) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$'
                    || c <= 8 || c >= 0x0e && c <= 0x1b || c == 0x7f; // the ignorable controls count as parts
        }
        return Character.isJavaIdentifierPart(c);
    }
}
