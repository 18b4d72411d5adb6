package org.fjdoctor.cli.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.lsp4j.Diagnostic;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.source.SourceFile;

import org.junit.jupiter.api.Test;

/** A diagnostic's source tells findings in test sources apart, so an editor can show or filter them. */
class DiagnosticsTest {

    private static final String TEXT = "class A {\n    void f() {}\n}\n";

    @Test
    void aFindingInTestCodeHasItsOwnSource() {
        Path file = Path.of("src/test/java/A.java").toAbsolutePath();
        Map<Path, SourceFile> files = Map.of(file,
                SourceFile.of(file, "src/test/java/A.java", "src/test/java/A.java", TEXT, StandardCharsets.UTF_8,
                        false));
        Location at = new Location(file, "src/test/java/A.java", 2, 5, 2, 15, 14, 24);

        Diagnostic inTest = Diagnostics.of(finding(at, true), files);
        Diagnostic inMain = Diagnostics.of(finding(at, false), files);

        assertEquals(Diagnostics.TEST_SOURCE, inTest.getSource());
        assertEquals(Diagnostics.SOURCE, inMain.getSource());
    }

    private static Finding finding(Location at, boolean inTestCode) {
        return new Finding("sleepy-worker", Severity.NOTE, "sleeps", at, List.of(), "A#f()", "f1", inTestCode);
    }
}
