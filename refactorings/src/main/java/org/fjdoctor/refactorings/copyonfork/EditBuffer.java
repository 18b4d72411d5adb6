package org.fjdoctor.refactorings.copyonfork;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.fjdoctor.refactorings.TextEdit;

/**
 * Edits against one file's original text that may nest: a replacement can be computed from the
 * rendered text of a sub-range (which already carries the edits inside it). Nested edits are dropped
 * when their container is emitted, so the resulting {@link TextEdit}s never overlap.
 */
final class EditBuffer {

    private record Edit(int start, int end, String text) {
        boolean inside(int from, int to) {
            return start >= from && end <= to;
        }
    }

    private final String original;
    private final List<Edit> edits = new ArrayList<>();

    EditBuffer(String original) {
        this.original = original;
    }

    void replace(int start, int end, String text) {
        edits.add(new Edit(start, end, text));
    }

    void insert(int offset, String text) {
        edits.add(new Edit(offset, offset, text));
    }

    /** The original text of {@code [start, end)} with every edit recorded inside it applied. */
    String render(int start, int end) {
        StringBuilder out = new StringBuilder();
        int at = start;
        for (Edit edit : outermost(start, end)) {
            out.append(original, at, edit.start()).append(edit.text());
            at = edit.end();
        }
        return out.append(original, at, end).toString();
    }

    /** The edits as non-overlapping text edits, outermost ones only. */
    List<TextEdit> toTextEdits(Path file) {
        List<TextEdit> out = new ArrayList<>();
        for (Edit edit : outermost(0, original.length())) {
            out.add(new TextEdit(file, edit.start(), edit.end() - edit.start(), edit.text()));
        }
        return out;
    }

    /** Edits inside the range not contained in a larger one, in text order (insertions first at a tie). */
    private List<Edit> outermost(int start, int end) {
        List<Edit> inRange = new ArrayList<>();
        for (Edit edit : edits) {
            if (edit.inside(start, end)) {
                inRange.add(edit);
            }
        }
        inRange.sort(Comparator.comparingInt(Edit::start).thenComparingInt(e -> -(e.end() - e.start())));
        List<Edit> result = new ArrayList<>();
        int covered = -1;
        for (Edit edit : inRange) {
            if (edit.start() < covered) {
                if (edit.end() > covered) {
                    throw new IllegalStateException("overlapping edits at " + edit.start());
                }
                continue;
            }
            result.add(edit);
            covered = Math.max(covered, edit.end());
        }
        return result;
    }
}
