package org.fjdoctor.reports;

import java.io.IOException;
import java.io.Writer;

import org.fjdoctor.analyzer.ScanResult;

/** Renders a scan for people or machines. Implementations write exactly what they are given. */
public interface Report {

    void write(ScanResult result, Writer out) throws IOException;
}
