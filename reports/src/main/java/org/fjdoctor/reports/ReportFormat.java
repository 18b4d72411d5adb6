package org.fjdoctor.reports;

import java.util.Locale;
import java.util.function.Supplier;

/** The {@code --format} values. */
public enum ReportFormat {
    TEXT(TextReport::new),
    JSON(JsonReport::new),
    SARIF(SarifReport::new);

    private final Supplier<Report> factory;

    ReportFormat(Supplier<Report> factory) {
        this.factory = factory;
    }

    public Report report() {
        return factory.get();
    }

    /** Lowercase, as typed on the command line and listed in the help. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
