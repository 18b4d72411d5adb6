package org.fjdoctor.cli.patch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvidenceTest {

    @TempDir
    Path dir;

    @Test
    void aMeasureReportBecomesItsSummaryTableHoweverLarge() throws IOException {
        StringBuilder rows = new StringBuilder();
        // 40 rows: far more than the generic key/value table takes.
        for (int i = 0; i < 40; i++) {
            rows.append(i == 0 ? "" : ",").append("""
                    {"workload":"w%d","threads":2,"sameOutput":true,"originalMillis":100.5,"rewrittenMillis":50.0,
                     "speedup":"2.01× [1.90, 2.12]","allocationReduction":"75%% [70%%, 80%%]",
                     "energySaving":"energy: unavailable (no powercap)"}""".formatted(i));
        }
        rows.append("""
                ,{"workload":"bad","threads":1,"sameOutput":false,"originalMillis":1,"rewrittenMillis":1,
                 "speedup":null,"allocationReduction":null,"energySaving":null}""");
        Path file = dir.resolve("measure.json");
        Files.writeString(file, "{\"format\":\"fjdoctor-measure/1\",\"command\":\"fjdoctor measure corpus\","
                + "\"machine\":\"2 processors\",\"summary\":[" + rows + "],\"workloads\":[]}");
        String md = Evidence.read(file).markdown();
        assertTrue(md.contains("| workload | threads | original ms | rewritten ms | speedup [95% CI]"), md);
        assertTrue(md.contains("| w39 | 2 | 100.5 | 50.0 | 2.01× \\[1.90, 2.12\\] | 75% \\[70%, 80%\\] | energy: unavailable"
                + " \\(no powercap\\) | true |"), md);
        assertTrue(md.contains("| bad | 1 | 1 | 1 | refused: outputs differ | – | – | false |"), md);
        assertTrue(md.contains("Measured with `fjdoctor measure corpus` on 2 processors."), md);
        assertTrue(!md.contains("```"), md);
    }

    /** An evidence file is not vetted either: its values show as text, never as HTML, an image or a link. */
    @Test
    void evidenceValuesAreInertText() throws IOException {
        Path file = dir.resolve("evidence`s.json");
        Files.writeString(file, """
                {"pixel": "<img src=https://tracker.example/p.png>", "image": "![x](https://tracker.example/p.png)",
                 "link": "[run me](javascript:alert(1))", "lines": "1\\n# Heading\\n- item", "cell": "a | b",
                 "entity": "&lt;b&gt;"}""");
        String md = Evidence.read(file).markdown();
        assertTrue(md.contains("| pixel | \\<img src=https://tracker.example/p.png\\> |"), md);
        assertTrue(md.contains("| image | \\!\\[x\\]\\(https://tracker.example/p.png\\) |"), md);
        assertTrue(md.contains("| link | \\[run me\\]\\(javascript:alert\\(1\\)\\) |"), md);
        assertTrue(md.contains("| lines | 1\\\\n# Heading\\\\n- item |"), md);
        assertTrue(md.contains("| cell | a \\| b |"), md);
        assertTrue(md.contains("| entity | \\&lt;b\\&gt; |"), md);
        assertTrue(md.contains("Measured figures from ``evidence`s.json``:"), md);
        assertFalse(md.lines().anyMatch(line -> line.startsWith("#") || line.startsWith("- ")), md);
    }

    /** JSON too large for a table goes into a fenced block, with bidi characters as the JSON escapes they equal. */
    @Test
    void aJsonBlockShowsBidiCharactersAsEscapes() throws IOException {
        Path file = dir.resolve("big.json");
        StringBuilder values = new StringBuilder("{\"note\": \"admin\u202e \u2066```\"");
        for (int i = 0; i < 80; i++) {
            values.append(", \"k").append(i).append("\": ").append(i);
        }
        Files.writeString(file, values.append('}').toString());
        String md = Evidence.read(file).markdown();
        assertTrue(md.contains("\"note\" : \"admin\\u202e \\u2066```\""), md);
        assertFalse(md.contains("\u202e") || md.contains("\u2066"), md);
        assertTrue(md.contains("\n``````json\n") && md.endsWith("\n``````\n"), md);
    }
}
