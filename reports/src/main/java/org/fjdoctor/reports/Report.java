package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;

import org.fjdoctor.analyzer.ScanResult;

/** Renders a scan for people or machines. Implementations write exactly what they are given. */
public interface Report {

    void write(ScanReport report, Writer out) throws IOException;

    /** The scan alone: no fixes and no source excerpts. */
    default void write(ScanResult result, Writer out) throws IOException {
        write(ScanReport.of(result), out);
    }
}
