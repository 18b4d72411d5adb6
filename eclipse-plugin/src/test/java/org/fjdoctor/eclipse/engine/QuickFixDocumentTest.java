package org.fjdoctor.eclipse.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.Document;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Patch;
import org.fjdoctor.refactorings.pipeline.Refactorings;

import org.junit.jupiter.api.Test;

/**
 * Every engine fix offered on a marker, applied to an Eclipse {@link Document} as the quick fix does,
 * gives exactly the text {@code fjdoctor fix} writes ({@link Patch#apply} of that one fix).
 */
class QuickFixDocumentTest {

    @Test
    void everyResolutionGivesTheTextFjdoctorFixWrites() throws BadLocationException {
        Analyzer.Analysis analysis = Corpus.analysis();
        Map<Path, SourceFile> files = new LinkedHashMap<>();
        analysis.files().forEach(f -> files.put(f.path(), f));
        Map<String, List<Fix>> engineFixes = new HashMap<>();
        for (Refactorings.Planned planned : Refactorings.plan(analysis)) {
            engineFixes.put(planned.finding().fingerprint(), planned.plan().fixes());
        }

        int compared = 0;
        for (EngineScan.MarkerSpec marker : Corpus.scan().markers()) {
            List<QuickFix> offered = MarkerAttributes.fixes(marker.attributes());
            List<Fix> fixes = engineFixes.get((String) marker.attributes().get(MarkerAttributes.FINGERPRINT));
            // The engine's fixes in order, then the suppression.
            assertEquals(fixes.size() + 1, offered.size(), marker.toString());
            assertTrue(offered.get(fixes.size()).label().startsWith("Suppress with @SuppressWarnings(\"fjdoctor:"));
            for (int i = 0; i < fixes.size(); i++) {
                Fix fix = fixes.get(i);
                QuickFix quickFix = offered.get(i);
                assertEquals("[" + fix.safety() + "] " + fix.title(), quickFix.label());
                assertEquals(fix.why(), quickFix.description());
                Patch patch = Patch.apply(files, List.of(fix));
                assertEquals(List.of(fix), patch.applied());
                for (Map.Entry<Path, String> rewritten : patch.rewritten().entrySet()) {
                    Document document = new Document(files.get(rewritten.getKey()).text());
                    DocumentEdits.apply(document, quickFix, rewritten.getKey());
                    assertEquals(rewritten.getValue(), document.get(), quickFix.label() + " on " + rewritten.getKey());
                    compared++;
                }
                assertEquals(patch.rewritten().keySet(), quickFix.textHashes().keySet());
            }
        }
        // The corpus has a fix for every rule; a handful would mean the fixes got lost on the way.
        assertTrue(compared >= 15, "compared only " + compared + " fixed files");
    }

    @Test
    void aFixIsNotAppliedToTextThatChangedSinceTheAnalysis() {
        EngineScan.MarkerSpec marker = Corpus.scan().markers().stream()
                .filter(m -> MarkerAttributes.fixes(m.attributes()).size() > 1).findFirst().orElseThrow();
        QuickFix fix = MarkerAttributes.fixes(marker.attributes()).get(0);
        Path file = fix.textHashes().keySet().iterator().next();
        String original = Corpus.read(file);
        Document edited = new Document("// a line typed since\n" + original);
        assertThrows(DocumentEdits.StaleTextException.class, () -> DocumentEdits.apply(edited, fix, file));
        assertEquals("// a line typed since\n" + original, edited.get());
        assertFalse(original.isEmpty());
    }
}
