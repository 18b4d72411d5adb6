package org.fjdoctor.refactorings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Fixes applied to files' text. Fixes whose edits overlap an earlier accepted fix are not applied
 * (reported in {@link #rejected()}); everything outside the edited ranges stays byte-identical. An
 * insertion identical to one already accepted (the same import two fixes add) is applied once.
 */
public final class Patch {

    private final Map<Path, SourceFile> originals = new LinkedHashMap<>();
    private final Map<Path, String> rewritten = new LinkedHashMap<>();
    private final List<Fix> applied = new ArrayList<>();
    private final List<Fix> rejected = new ArrayList<>();

    private Patch() {
    }

    /** Applies {@code fixes} in order to the files they edit. */
    public static Patch apply(Map<Path, SourceFile> files, List<Fix> fixes) {
        Patch patch = new Patch();
        List<TextEdit> accepted = new ArrayList<>();
        for (Fix fix : fixes) {
            List<TextEdit> own = fix.edits().stream().filter(e -> !(e.length() == 0 && accepted.contains(e))).toList();
            boolean clash = own.stream().anyMatch(e -> accepted.stream().anyMatch(e::overlaps))
                    || own.stream().anyMatch(e -> files.get(e.file()) == null
                    || e.end() > files.get(e.file()).text().length());
            if (clash) {
                patch.rejected.add(fix);
            } else {
                accepted.addAll(own);
                patch.applied.add(fix);
            }
        }
        Map<Path, List<TextEdit>> byFile = new LinkedHashMap<>();
        for (TextEdit edit : accepted) {
            byFile.computeIfAbsent(edit.file(), k -> new ArrayList<>()).add(edit);
        }
        byFile.forEach((path, edits) -> {
            SourceFile original = files.get(path);
            StringBuilder text = new StringBuilder(original.text());
            edits.sort(Comparator.comparingInt(TextEdit::offset).reversed());
            for (TextEdit edit : edits) {
                text.replace(edit.offset(), edit.end(), edit.replacement());
            }
            patch.originals.put(path, original);
            patch.rewritten.put(path, text.toString());
        });
        return patch;
    }

    /** The new text of every changed file. */
    public Map<Path, String> rewritten() {
        return rewritten;
    }

    public Map<Path, SourceFile> originals() {
        return originals;
    }

    public List<Fix> applied() {
        return applied;
    }

    public List<Fix> rejected() {
        return rejected;
    }
}
