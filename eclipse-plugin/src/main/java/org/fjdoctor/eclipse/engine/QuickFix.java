package org.fjdoctor.eclipse.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.TextEdit;

/**
 * A quick fix as a marker carries it: the label shown by Ctrl+1 and the Problems view, a description,
 * the engine's text edits, and the hash of every file's text the edits were computed on.
 *
 * @param textHashes for every file the edits touch, {@link TextHash} of the text they apply to
 */
public record QuickFix(String label, String description, List<TextEdit> edits, Map<Path, String> textHashes) {

    public QuickFix {
        edits = List.copyOf(edits);
        textHashes = Map.copyOf(textHashes);
    }

    /** A fix of the engine, labelled with its safety: {@code [SAFE] title} or {@code [REVIEW] title}. */
    public static QuickFix of(Fix fix, Map<Path, SourceFile> files) {
        return new QuickFix("[" + fix.safety() + "] " + fix.title(), fix.why(), fix.edits(), hashes(fix.edits(), files));
    }

    static Map<Path, String> hashes(List<TextEdit> edits, Map<Path, SourceFile> files) {
        Map<Path, String> hashes = new LinkedHashMap<>();
        for (TextEdit edit : edits) {
            hashes.computeIfAbsent(edit.file(), file -> TextHash.of(files.get(file).text()));
        }
        return hashes;
    }

    /** The edits on one file, in the order the engine gave them. */
    public List<TextEdit> editsOf(Path file) {
        return edits.stream().filter(e -> e.file().equals(file)).toList();
    }

    static String encode(List<QuickFix> fixes) {
        List<String> packed = new ArrayList<>();
        for (QuickFix fix : fixes) {
            List<String> hashes = new ArrayList<>();
            fix.textHashes.forEach((file, hash) -> {
                hashes.add(file.toString());
                hashes.add(hash);
            });
            List<String> edits = new ArrayList<>();
            for (TextEdit edit : fix.edits) {
                edits.add(edit.file().toString());
                edits.add(Integer.toString(edit.offset()));
                edits.add(Integer.toString(edit.length()));
                edits.add(edit.replacement());
            }
            packed.add(AttributeCodec.pack(List.of(fix.label, fix.description, AttributeCodec.pack(hashes),
                    AttributeCodec.pack(edits))));
        }
        return AttributeCodec.pack(packed);
    }

    static List<QuickFix> decode(String encoded) {
        List<QuickFix> fixes = new ArrayList<>();
        for (String packed : AttributeCodec.unpack(encoded)) {
            List<String> parts = AttributeCodec.unpack(packed);
            List<String> hashList = AttributeCodec.unpack(parts.get(2));
            Map<Path, String> hashes = new LinkedHashMap<>();
            for (int i = 0; i < hashList.size(); i += 2) {
                hashes.put(Path.of(hashList.get(i)), hashList.get(i + 1));
            }
            List<String> editList = AttributeCodec.unpack(parts.get(3));
            List<TextEdit> edits = new ArrayList<>();
            for (int i = 0; i < editList.size(); i += 4) {
                edits.add(new TextEdit(Path.of(editList.get(i)), Integer.parseInt(editList.get(i + 1)),
                        Integer.parseInt(editList.get(i + 2)), editList.get(i + 3)));
            }
            fixes.add(new QuickFix(parts.get(0), parts.get(1), edits, hashes));
        }
        return fixes;
    }
}
