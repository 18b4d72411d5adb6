package org.fjdoctor.reports;

import java.util.Locale;
import java.util.function.Supplier;

/** The {@code --format} values. */
public enum ReportFormat {
    TEXT(TextReport::new, true),
    JSON(JsonReport::new, false),
    SARIF(SarifReport::new, true),
    HTML(HtmlReport::new, true);

    private final Supplier<Report> factory;
    private final boolean showsFixes;

    ReportFormat(Supplier<Report> factory, boolean showsFixes) {
        this.factory = factory;
        this.showsFixes = showsFixes;
    }

    public Report report() {
        return factory.get();
    }

    /** Whether the report shows fixes and source text, so the scan must plan them. */
    public boolean showsFixes() {
        return showsFixes;
    }

    /** Lowercase, as typed on the command line and listed in the help. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
