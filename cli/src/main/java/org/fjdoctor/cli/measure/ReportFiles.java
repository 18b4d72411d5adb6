package org.fjdoctor.cli.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.measurements.report.JsonReport;
import org.fjdoctor.measurements.report.MarkdownReport;
import org.fjdoctor.measurements.report.MeasureReport;
import org.fjdoctor.measurements.report.SvgChart;

/** The three result files, and cleaning up the temporary work tree. */
final class ReportFiles {

    static final String JSON = "measure.json";
    static final String MARKDOWN = "measure.md";
    static final String SVG = "measure.svg";

    private ReportFiles() {
    }

    static void write(MeasureReport report, Path dir) throws IOException {
        Files.createDirectories(dir);
        AtomicFile.write(dir.resolve(JSON), JsonReport.write(report).getBytes(StandardCharsets.UTF_8));
        AtomicFile.write(dir.resolve(MARKDOWN), MarkdownReport.document(report).getBytes(StandardCharsets.UTF_8));
        AtomicFile.write(dir.resolve(SVG), SvgChart.render(report).getBytes(StandardCharsets.UTF_8));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
