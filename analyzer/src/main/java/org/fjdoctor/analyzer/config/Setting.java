package org.fjdoctor.analyzer.config;

/**
 * One effective setting and where its value came from, for reports and messages: the flag or parameter
 * ({@code --depth}), the settings file ({@code .fjdoctor.yml at /repo}) or {@code default}.
 */
public record Setting<T>(T value, String origin) {

    public static <T> Setting<T> byDefault(T value) {
        return new Setting<>(value, "default");
    }

    @Override
    public String toString() {
        return value + " (" + origin + ")";
    }
}
