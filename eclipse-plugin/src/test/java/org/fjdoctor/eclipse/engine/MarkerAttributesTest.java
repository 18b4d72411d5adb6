package org.fjdoctor.eclipse.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.source.SourceSet;
import org.junit.jupiter.api.Test;

class MarkerAttributesTest {

    @Test
    void markersOnTheCorpusAreExactlyTheExpectedFindings() {
        List<String> found = Corpus.scan().markers().stream()
                .map(m -> Corpus.key(Corpus.ROOT.relativize(m.file()), (Integer) m.attributes().get(MarkerAttributes.LINE_NUMBER),
                        (String) m.attributes().get(MarkerAttributes.RULE_ID)))
                .sorted().toList();
        List<String> expected = Corpus.expected(Corpus.ROOT).stream().sorted().toList();
        assertFalse(expected.isEmpty());
        assertEquals(expected, found);
    }

    @Test
    void eachMarkerCoversItsCodeOnItsLineWithTheMappedSeverity() {
        for (EngineScan.MarkerSpec marker : Corpus.scan().markers()) {
            Map<String, Object> attributes = marker.attributes();
            String text = Corpus.read(marker.file());
            int start = (Integer) attributes.get(MarkerAttributes.CHAR_START);
            int end = (Integer) attributes.get(MarkerAttributes.CHAR_END);
            assertTrue(start < end && end <= text.length(), marker.toString());
            int line = (int) text.substring(0, start).chars().filter(c -> c == '\n').count() + 1;
            assertEquals(attributes.get(MarkerAttributes.LINE_NUMBER), line, marker.toString());
            assertFalse(text.substring(start, end).isBlank());
            Severity severity = Severity.valueOf((String) attributes.get(MarkerAttributes.FJDOCTOR_SEVERITY));
            assertEquals(SeverityMapping.defaults().markerSeverity(severity), attributes.get(MarkerAttributes.SEVERITY));
            assertTrue(((String) attributes.get(MarkerAttributes.MESSAGE))
                    .endsWith("[" + attributes.get(MarkerAttributes.RULE_ID) + "]"));
            assertEquals("fjdoctor", attributes.get(MarkerAttributes.SOURCE_ID));
            assertEquals(0, attributes.get(MarkerAttributes.FIXES_LEFT_OUT));
        }
    }

    @Test
    void relatedLocationsSurviveTheAttribute() throws NoSuchFileException {
        Path program = Corpus.ROOT.resolve("intratasksync/positive");
        Analyzer.Analysis analysis = new Analyzer().analyze(SourceSet.of(List.of(program)), Analyzer.Options.defaults());
        List<Finding> withRelated = analysis.result().findings().stream().filter(f -> !f.related().isEmpty()).toList();
        assertFalse(withRelated.isEmpty());
        for (Finding finding : withRelated) {
            List<MarkerAttributes.Related> related = MarkerAttributes.related(
                    MarkerAttributes.of(finding, List.of(), SeverityMapping.defaults()));
            assertEquals(finding.related().size(), related.size());
            for (int i = 0; i < related.size(); i++) {
                RelatedLocation original = finding.related().get(i);
                assertEquals(new MarkerAttributes.Related(original.location().file(), original.location().line(),
                        original.location().startOffset(), original.location().endOffset(), original.message()),
                        related.get(i));
            }
        }
    }

    @Test
    void settingsDisableRulesAndRemapSeverities() throws NoSuchFileException {
        Path programs = Corpus.ROOT.resolve("copyonfork/positive");
        Settings remapped = new Settings(Set.of(),
                SeverityMapping.defaults().with(Severity.WARNING, SeverityMapping.ERROR).with(Severity.NOTE, SeverityMapping.WARNING));
        EngineScan.Result result = EngineScan.run(List.of(programs), null, remapped, Config.none());
        Set<String> severities = new HashSet<>();
        for (EngineScan.MarkerSpec marker : result.markers()) {
            Severity severity = Severity.valueOf((String) marker.attributes().get(MarkerAttributes.FJDOCTOR_SEVERITY));
            severities.add(severity.name());
            assertEquals(remapped.severities().markerSeverity(severity), marker.attributes().get(MarkerAttributes.SEVERITY));
        }
        // The copy-on-fork positives report warnings only (copy-on-fork reports no notes).
        assertEquals(Set.of("WARNING"), severities);
        assertTrue(result.markers().stream().anyMatch(m -> "copy-on-fork".equals(m.attributes().get(MarkerAttributes.RULE_ID))));

        EngineScan.Result disabled = EngineScan.run(List.of(programs), null,
                new Settings(Set.of("copy-on-fork"), SeverityMapping.defaults()), Config.none());
        assertTrue(disabled.markers().stream()
                .noneMatch(m -> "copy-on-fork".equals(m.attributes().get(MarkerAttributes.RULE_ID))));
        assertEquals(result.files(), disabled.files());
    }

    @Test
    void packedAttributesKeepAnyCharacter() {
        List<String> items = List.of("", "a:b", "12:x", "line\r\nbreak \"quoted\" \\ tab\t", "ünïcödé ✓");
        assertEquals(items, AttributeCodec.unpack(AttributeCodec.pack(items)));
    }
}
