package org.fjdoctor.refactorings.copyonfork;

import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.declaration.CtElement;

/** Line numbers and short original-text quotes for the reasons a fix or a manual finding gives. */
record Lines(SourceFile file) {

    int lineOf(CtElement element) {
        return file.lineOf(element.getPosition().getSourceStart());
    }

    /** The element's original text on one line, shortened for a message. */
    String text(CtElement element) {
        String text = file.text().substring(element.getPosition().getSourceStart(), element.getPosition().getSourceEnd() + 1)
                .replaceAll("\\s+", " ");
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }
}
