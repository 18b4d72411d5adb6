package org.fjdoctor.analyzer.config;

import java.util.Locale;
import java.util.Optional;

import org.fjdoctor.analyzer.Severity;

/** When a build fails: the least severity that fails it, or never. Shared by every front end. */
public enum FailOn {
    NOTE(Severity.NOTE),
    WARNING(Severity.WARNING),
    ERROR(Severity.ERROR),
    NONE(null);

    private final Severity threshold;

    FailOn(Severity threshold) {
        this.threshold = threshold;
    }

    public Optional<Severity> threshold() {
        return Optional.ofNullable(threshold);
    }

    /** Whether a finding of this severity fails the build. */
    public boolean fails(Severity severity) {
        return threshold != null && severity.atLeast(threshold);
    }

    /**
     * Parses {@code note|warning|error|none}, case-insensitively.
     *
     * @throws IllegalArgumentException naming the valid values
     */
    public static FailOn parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown level '" + text + "' (expected note, warning, error or none)");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
