package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.fjdoctor.reports.SarifReport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What a survey keeps of a scan's SARIF report (the scan format that carries the planned fixes): the
 * findings per rule, main code apart from test code (a result's {@value SarifReport#TEST_CODE} property),
 * each finding's best fix (SAFE, else REVIEW, else none), the Java level most files were read at, and how
 * many files could not be used.
 */
record SarifDigest(SortedMap<String, RuleCounts> rules, Integer javaLevel, long problems) {

    static SarifDigest read(Path sarif) throws IOException {
        JsonNode run = new ObjectMapper().readTree(sarif.toFile()).path("runs").path(0);
        SortedMap<String, RuleCounts> rules = new TreeMap<>();
        for (JsonNode result : run.path("results")) {
            boolean test = result.path("properties").path(SarifReport.TEST_CODE).asBoolean();
            String best = "none";
            for (JsonNode fix : result.path("fixes")) {
                String safety = fix.path("properties").path("safety").asText();
                if (safety.equals("SAFE") || safety.equals("REVIEW") && best.equals("none")) {
                    best = safety;
                }
            }
            RuleCounts one = new RuleCounts(test ? 0 : 1, test ? 1 : 0, best.equals("SAFE") ? 1 : 0,
                    best.equals("REVIEW") ? 1 : 0, best.equals("none") ? 1 : 0);
            rules.merge(result.path("ruleId").asText(), one, RuleCounts::plus);
        }
        JsonNode invocation = run.path("invocations").path(0);
        return new SarifDigest(rules, javaLevel(invocation.path("properties").path("fjdoctorSettings")),
                invocation.path("toolExecutionNotifications").size());
    }

    /** The level that most files were read at; the lower one on a tie. */
    private static Integer javaLevel(JsonNode settings) {
        Map<Integer, Long> files = new HashMap<>();
        for (JsonNode use : settings.path("javaLevels")) {
            files.merge(use.path("level").asInt(), use.path("files").asLong(), Long::sum);
        }
        return files.entrySet().stream()
                .max(Map.Entry.<Integer, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey((a, b) -> b - a)))
                .map(Map.Entry::getKey).orElse(null);
    }
}
