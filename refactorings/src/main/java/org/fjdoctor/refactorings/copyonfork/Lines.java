package org.fjdoctor.refactorings.copyonfork;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtElement;

/**
 * Line numbers and short original-text quotes for the reasons a fix or a manual finding gives. The quoted
 * element may sit in another file than the one being rewritten (the root {@code new Task(list)} in a main
 * class): its text and line come from its own file, and its line names that file.
 */
record Lines(ForkJoinModel model, SourceFile file) {

    /** The element's line, followed by {@code of Other.java} when it is not in the rewritten file. */
    String lineOf(CtElement element) {
        SourceFile own = model.fileOf(element);
        if (own == null) {
            return "?";
        }
        int line = own.lineOf(element.getPosition().getSourceStart());
        return own.path().equals(file.path()) ? Integer.toString(line) : line + " of " + own.path().getFileName();
    }

    /** The element's original text on one line, shortened for a message. */
    String text(CtElement element) {
        SourceFile own = model.fileOf(element);
        SourcePosition position = element.getPosition();
        String text = own == null ? element.toString()
                : own.text().substring(position.getSourceStart(), position.getSourceEnd() + 1);
        text = text.replaceAll("\\s+", " ");
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
