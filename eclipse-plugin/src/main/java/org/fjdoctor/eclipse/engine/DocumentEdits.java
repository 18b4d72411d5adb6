package org.fjdoctor.eclipse.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.fjdoctor.refactorings.TextEdit;

/**
 * Applies a quick fix's edits of one file to an Eclipse document (the editor's buffer in the IDE).
 * Edits are offsets into the analyzed text, so they go in from the last to the first: an edit never
 * moves the text a later-applied one refers to, exactly as the engine's {@code Patch} applies them.
 */
public final class DocumentEdits {

    private DocumentEdits() {
    }

    /**
     * @throws StaleTextException when the document is no longer the text the fix was computed on
     */
    public static void apply(IDocument document, QuickFix fix, Path file) throws BadLocationException {
        String expected = fix.textHashes().get(file);
        if (expected == null || !expected.equals(TextHash.of(document.get()))) {
            throw new StaleTextException(file);
        }
        List<TextEdit> edits = new ArrayList<>(fix.editsOf(file));
        edits.sort(Comparator.comparingInt(TextEdit::offset).reversed());
        for (TextEdit edit : edits) {
            document.replace(edit.offset(), edit.length(), edit.replacement());
        }
    }

    /** The file changed since it was analyzed: the fix's offsets no longer point at the same code. */
    public static final class StaleTextException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        public StaleTextException(Path file) {
            super(file.getFileName() + " changed since fjdoctor analyzed it; analyze again to get a fresh fix");
        }
    }
}
