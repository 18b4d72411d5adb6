package org.fjdoctor.analyzer;

import java.util.Locale;

/** How bad a finding is. Ordered from least to most severe so that {@code compareTo} ranks them. */
public enum Severity {
    NOTE, WARNING, ERROR;

    /** The SARIF {@code level} for this severity. */
    public String sarifLevel() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Severity threshold) {
        return compareTo(threshold) >= 0;
    }

    /** Parses {@code note|warning|error}, case-insensitively. */
    public static Severity parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown severity '" + text + "' (expected note, warning or error)");
        }
    }
}
