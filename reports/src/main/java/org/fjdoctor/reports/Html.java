package org.fjdoctor.reports;

/**
 * Text for the HTML report, which is also well-formed XML (so a strict XML parser can check it): the
 * five markup characters become references. A character that would not show as itself (a control
 * character, a bidi override or isolate, a zero-width character, an unpaired surrogate: see
 * {@link Printable#hidden}) becomes its visible escape in a {@code <span class="bidi">} titled with its
 * code point, so a "Trojan Source" line reads in the report as the compiler reads it, and a stray form
 * feed or a broken file cannot break the page. Tab and line breaks stay.
 */
final class Html {

    private Html() {
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\t', '\n', '\r' -> out.appendCodePoint(c);
                default -> {
                    if (Printable.hidden(c) || c == 0xFFFE || c == 0xFFFF) {
                        out.append("<span class=\"bidi\" title=\"U+").append(String.format("%04X", c)).append("\">")
                                .append(Printable.token(c)).append("</span>");
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
