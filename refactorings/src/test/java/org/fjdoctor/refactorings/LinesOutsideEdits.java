package org.fjdoctor.refactorings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Checks the minimal-diff promise on an applied patch: every line of an original file that no edit
 * touches appears, byte for byte, at its shifted place in the new text.
 */
final class LinesOutsideEdits {

    private LinesOutsideEdits() {
    }

    /** One message per changed line outside the edits; empty when the promise holds. */
    static List<String> changed(Patch patch) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Path, String> file : patch.rewritten().entrySet()) {
            String original = patch.originals().get(file.getKey()).text();
            List<TextEdit> edits = patch.applied().stream().flatMap(f -> f.edits().stream())
                    .filter(e -> e.file().equals(file.getKey()))
                    .sorted(Comparator.comparingInt(TextEdit::offset)).toList();
            int lineStart = 0;
            int lineNumber = 1;
            while (lineStart < original.length()) {
                int lineEnd = original.indexOf('\n', lineStart);
                lineEnd = lineEnd < 0 ? original.length() : lineEnd + 1;
                int start = lineStart;
                int end = lineEnd;
                boolean touched = edits.stream().anyMatch(e -> e.offset() < end && e.end() >= start);
                if (!touched) {
                    int shift = edits.stream().filter(e -> e.end() <= start)
                            .mapToInt(e -> e.replacement().length() - e.length()).sum();
                    String line = original.substring(start, end);
                    String now = file.getValue();
                    int at = start + shift;
                    if (at + line.length() > now.length() || !now.startsWith(line, at)) {
                        problems.add(file.getKey().getFileName() + ":" + lineNumber
                                + " changed although no edit touches it: " + line.strip());
                    }
                }
                lineStart = lineEnd;
                lineNumber++;
            }
        }
        return problems;
    }
}
