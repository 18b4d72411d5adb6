package org.fjdoctor.analyzer.model;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

import org.fjdoctor.analyzer.api.Location;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.TestSources;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.cu.position.DeclarationSourcePosition;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;

/**
 * The files a model was built from, by the path Spoon knows each by, and where an element stands in them: its
 * file, its location as reports give it, and whether it is test sources ({@link ForkJoinModel} answers from here).
 */
final class ModelFiles {

    private final Map<String, SourceFile> filesByPath;
    /** Whether each file is test sources, judged once. */
    private final Map<SourceFile, Boolean> testFiles = new IdentityHashMap<>();

    ModelFiles(Map<String, SourceFile> filesByPath) {
        this.filesByPath = filesByPath;
    }

    /** The files the Spoon model was built from. */
    Collection<SourceFile> files() {
        return Collections.unmodifiableCollection(filesByPath.values());
    }

    /** The analysed file Spoon knows by {@code spoonPath} (a position's file path), or {@code null}. */
    SourceFile fileAt(String spoonPath) {
        return filesByPath.get(spoonPath);
    }

    SourceFile fileOf(CtElement element) {
        SourcePosition position = element.getPosition();
        if (!position.isValidPosition() || position.getFile() == null) {
            return null;
        }
        return filesByPath.get(position.getFile().getPath());
    }

    /** The element's location, or {@code null} for implicit elements without a position. */
    Location location(CtElement element) {
        SourceFile file = fileOf(element);
        if (file == null) {
            return null;
        }
        SourcePosition position = element.getPosition();
        int start = position.getSourceStart();
        int end = position.getSourceEnd() + 1;
        if (position instanceof DeclarationSourcePosition declaration && (element instanceof CtExecutable<?>
                || element instanceof CtType<?>)) {
            // A declaration is reported at its name, not at its first annotation.
            start = declaration.getNameStart();
            end = declaration.getNameEnd() + 1;
        }
        return new Location(file.path(), file.display(), file.lineOf(start), file.columnOf(start),
                file.lineOf(Math.max(start, end - 1)), file.columnOf(end), start, end);
    }

    /**
     * Where a call of a chain is written: from its method's name to its end ({@code .parallel()} on its own line
     * below {@code list.stream()}), not from the chain's start, where its position begins; any other element's
     * {@link #location}.
     */
    Location nameLocation(CtElement element) {
        Location whole = location(element);
        if (whole == null || !(element instanceof CtInvocation<?> call) || call.getTarget() == null
                || !call.getTarget().getPosition().isValidPosition()) {
            return whole;
        }
        SourceFile file = fileOf(element);
        String text = file.text();
        int start = call.getTarget().getPosition().getSourceEnd() + 1;
        while (start < whole.endOffset() && (Character.isWhitespace(text.charAt(start)) || text.charAt(start) == '.')) {
            start++;
        }
        if (start >= whole.endOffset()) {
            return whole;
        }
        return new Location(whole.file(), whole.relativePath(), file.lineOf(start), file.columnOf(start),
                whole.endLine(), whole.endColumn(), start, whole.endOffset());
    }

    /** Whether {@code element} is declared in test sources ({@link TestSources}). */
    boolean inTestSources(CtElement element) {
        SourceFile file = fileOf(element);
        return file != null && testFiles.computeIfAbsent(file, f -> TestSources.isTest(f));
    }
}
