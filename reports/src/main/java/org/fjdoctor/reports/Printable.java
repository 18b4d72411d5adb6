package org.fjdoctor.reports;

/**
 * Text from a repository nobody vetted (file names, identifiers, messages quoting them), made inert for
 * people: a terminal or CI log shows every character as what it is. A control character would move the
 * cursor, recolour or clear the screen (ESC) or start a forged line (newline); a bidi or other invisible
 * format character reorders or hides what is shown ("Trojan Source"). Each becomes a visible escape:
 * {@code \n}, {@code \r}, {@code \e}, {@code \x7f} for control characters, {@code \u202e} for format
 * characters, line and paragraph separators and unpaired surrogates. Tab and all other text stay as they are.
 */
public final class Printable {

    private Printable() {
    }

    /** {@code text} with every character that {@link #hidden} matches written as its {@link #token}. */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        if (text.codePoints().noneMatch(Printable::hidden)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            if (hidden(c)) {
                out.append(token(c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    /**
     * A character that does not show as itself: C0 and C1 controls except tab, DEL, format characters
     * (bidi embeddings, overrides and isolates, zero-width characters, byte order mark), U+2028 and
     * U+2029, and surrogates that are not part of a pair.
     */
    public static boolean hidden(int c) {
        if (c == '\t') {
            return false;
        }
        return Character.isISOControl(c) || (c <= 0xFFFF && Character.isSurrogate((char) c))
                || switch (Character.getType(c)) {
                    case Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> true;
                    default -> false;
                };
    }

    /** The visible form of a {@linkplain #hidden hidden} character, such as {@code \n}, {@code \e} or {@code \u202e}. */
    public static String token(int c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case 0x1B -> "\\e";
            default -> c <= 0xFF ? String.format("\\x%02x", c)
                    : c <= 0xFFFF ? String.format("\\u%04x", c) : String.format("\\U%08x", c);
        };
    }
}
