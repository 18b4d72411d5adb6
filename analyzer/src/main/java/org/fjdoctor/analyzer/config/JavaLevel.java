package org.fjdoctor.analyzer.config;

/** The Java language levels the analyzer reads, and how users write them ({@code 17}, also {@code 1.8}). */
public final class JavaLevel {

    public static final int MIN = 8;
    public static final int MAX = 26;

    private JavaLevel() {
    }

    /**
     * @throws IllegalArgumentException for text that is not a version, or a level outside MIN..MAX
     */
    public static int parse(String value) {
        String text = value.trim();
        if (text.startsWith("1.")) {
            text = text.substring(2);
        }
        int level;
        try {
            level = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a Java version (examples: 8, 11, 17, 21)");
        }
        if (level < MIN || level > MAX) {
            throw new IllegalArgumentException("Java " + value + " is not supported (from " + MIN + " to " + MAX + ")");
        }
        return level;
    }
}
