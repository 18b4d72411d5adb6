package org.fjdoctor.reports;

/**
 * Text for the HTML report, which is also well-formed XML (so a strict XML parser can check it): the
 * five markup characters become references, and characters XML 1.0 cannot carry (control characters,
 * unpaired surrogates) become U+FFFD, so a stray form feed or a broken file cannot break the page.
 */
final class Html {

    private static final char REPLACEMENT = '\uFFFD';

    private Html() {
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\t', '\n', '\r' -> out.append(c);
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
                        out.append(REPLACEMENT);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
