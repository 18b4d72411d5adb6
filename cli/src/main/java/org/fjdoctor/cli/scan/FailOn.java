package org.fjdoctor.cli.scan;

import java.util.Locale;
import java.util.Optional;

import org.fjdoctor.analyzer.Severity;

/** The {@code --fail-on} values: the least severity that makes the exit code 4, or never. */
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

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
