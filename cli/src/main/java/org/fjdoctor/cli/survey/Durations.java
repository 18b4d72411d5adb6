package org.fjdoctor.cli.survey;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Durations as typed ({@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h}; a bare number is seconds) and shown. */
public final class Durations implements ITypeConverter<Duration> {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 90s, 10m, 1h, 500ms)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    /** {@code 250ms}, {@code 42s}, {@code 3m 05s}, {@code 1h 02m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        long s = ms / 1000;
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%dh %02dm", s / 3600, (s % 3600) / 60);
    }
}
