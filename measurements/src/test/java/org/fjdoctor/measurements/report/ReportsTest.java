package org.fjdoctor.measurements.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.fjdoctor.measurements.compare.Comparison;
import org.fjdoctor.measurements.compare.Comparisons;
import org.fjdoctor.measurements.compare.ComparisonsTest;
import org.fjdoctor.measurements.runner.Measurement;
import org.fjdoctor.measurements.runner.RunConfig;
import org.fjdoctor.measurements.stats.Interval;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class ReportsTest {

    private static MeasureReport report() {
        Comparison good = Comparisons.of(new Measurement(2,
                List.of(ComparisonsTest.fork("checksum=7", null, 4_194_304, 100, 110, 90)),
                List.of(ComparisonsTest.fork("checksum=7", null, 1_048_576, 50, 55, 45))));
        Comparison bad = Comparisons.of(new Measurement(2, List.of(ComparisonsTest.fork("checksum=1", null, 10, 10, 11)),
                List.of(ComparisonsTest.fork("checksum=2", null, 10, 5, 6))));
        return new MeasureReport("fjdoctor measure corpus", RunConfig.of(1, 1, 3, List.of(2), "1g"), "test machine",
                List.of(new MeasureReport.Entry("arraysum", "copy-on-fork", List.of("SAFE: Share the array"), List.of(good)),
                        new MeasureReport.Entry("broken", "sleepy-worker", List.of(), List.of(bad))));
    }

    @Test
    void jsonHasASummaryRowPerWorkloadAndEveryStatistic() throws Exception {
        JsonNode json = new ObjectMapper().readTree(JsonReport.write(report()));
        assertEquals(JsonReport.FORMAT, json.get("format").asText());
        JsonNode row = json.get("summary").get(0);
        assertEquals("arraysum", row.get("workload").asText());
        assertEquals(100.0, row.get("originalMillis").asDouble());
        assertTrue(row.get("speedup").asText().startsWith("2.00× ["), row.toString());
        assertTrue(row.get("allocationReduction").asText().startsWith("75% ["), row.toString());
        assertEquals("energy: unavailable (test)", row.get("energySaving").asText());
        JsonNode refused = json.get("summary").get(1);
        assertTrue(refused.get("speedup").isNull());
        assertEquals(false, refused.get("sameOutput").asBoolean());
        JsonNode result = json.get("workloads").get(0).get("results").get(0);
        assertEquals(3, result.get("original").get("wallMillis").get("n").asInt());
        assertEquals(10.0, result.get("original").get("wallMillis").get("stddev").asDouble(), 1e-9);
        assertTrue(result.get("original").get("energyJoules").isNull());
        assertEquals("SAFE: Share the array", json.get("workloads").get(0).get("changes").get(0).asText());
    }

    @Test
    void markdownTableHasOneRowPerComparisonAndSaysWhyWhenRefused() {
        String md = MarkdownReport.document(report());
        assertTrue(md.contains("| arraysum | 2 | 100.0 | 10.0 | 50.0 | 5.0 | 2.00× ["), md);
        assertTrue(md.contains("| 4.0 | 1.0 | 75% ["), md);
        assertTrue(md.contains("| broken | 2 | 10.5 | 0.7 | 5.5 | 0.7 | refused (outputs differ) | unavailable"), md);
        assertTrue(md.contains("energy: unavailable (test)"), md);
        assertTrue(md.contains("- arraysum (copy-on-fork): SAFE: Share the array"), md);
    }

    @Test
    void roundingToZeroDropsTheSign() {
        assertEquals("0", Cells.number(-0.004, 0));
        assertEquals("0.0", Cells.number(-0.04, 1));
        assertEquals("-0.1", Cells.number(-0.06, 1));
        assertEquals("–", Cells.number(Double.NaN, 1));
    }

    @Test
    void svgIsWellFormedWithABarPerComparableRow() throws Exception {
        String svg = SvgChart.render(report());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        // Background plus a speedup bar and an allocation bar for arraysum; the refused row gets a note only.
        assertEquals(3, doc.getElementsByTagName("rect").getLength());
        assertEquals(2, doc.getElementsByTagName("path").getLength());
        assertTrue(svg.contains("broken (2t)") && svg.contains("outputs differ: not compared"), svg);
    }

    /** A speedup interval with an end at or below 0, or none, is reported as inconclusive, never with a negative bound. */
    @Test
    void speedupIntervalsThatReachZeroAreInconclusive() {
        assertEquals("1.23× [1.10, 1.37]", Cells.ratio(new Interval(1.23, 1.10, 1.37), "refused"));
        assertEquals("1.20× [inconclusive]", Cells.ratio(new Interval(1.2, -0.3, 4.0), "refused"));
        assertEquals("0.90× [inconclusive]", Cells.ratio(new Interval(0.9, Double.NaN, Double.NaN), "refused"));
        assertEquals("refused", Cells.ratio(null, "refused"));
        // A reduction may be negative (more bytes after the rewrite): its bounds stay.
        assertEquals("-1% [-2%, 0%]", Cells.percent(new Interval(-0.01, -0.02, 0.001), "refused"));
    }
}
