package org.fjdoctor.refactorings.imports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import spoon.experimental.CtUnresolvedImport;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * Adds to a fix the removal of every single-type import that the fix leaves unused: a rewrite that
 * deletes the last {@code Arrays.copyOfRange} or {@code Collectors.toList()} of a file would otherwise
 * leave an import that style checkers (and reviewers) reject.
 *
 * <p>Only imports the fix itself makes unused are removed: the simple name occurs in the original text
 * outside its import and no longer in the rewritten one. Occurrences are whole words anywhere in the
 * text, comments and strings included, so a doubtful case keeps the import (an unused import is
 * merely untidy; a missing one does not compile). Static and on-demand imports are never touched.
 */
public final class UnusedImports {

    private UnusedImports() {
    }

    public static Fix removeLeftOver(Fix fix, RefactoringContext context) {
        Map<Path, List<TextEdit>> byFile = new LinkedHashMap<>();
        fix.edits().forEach(edit -> byFile.computeIfAbsent(edit.file(), p -> new ArrayList<>()).add(edit));
        List<TextEdit> added = new ArrayList<>();
        byFile.forEach((path, edits) -> {
            SourceFile file = context.file(path);
            CtCompilationUnit unit = context.compilationUnit(path);
            if (file == null || unit == null) {
                return;
            }
            String original = file.text();
            String rewritten = apply(original, edits);
            for (CtImport anImport : unit.getImports()) {
                String name = importedName(anImport);
                if (name == null || !anImport.getPosition().isValidPosition()) {
                    continue;
                }
                TextEdit removal = SourceLines.delete(file, anImport);
                boolean touched = edits.stream().anyMatch(removal::overlaps);
                if (!touched && usedOutside(original, name, removal) && !usedOutside(rewritten, name, null)) {
                    added.add(removal);
                }
            }
        });
        if (added.isEmpty()) {
            return fix;
        }
        List<TextEdit> edits = new ArrayList<>(fix.edits());
        edits.addAll(added);
        return new Fix(fix.ruleId(), fix.fingerprint(), fix.title(), fix.safety(), fix.why(), edits);
    }

    /**
     * The simple name a single-type import brings in, or {@code null} for a static or on-demand one. A type that
     * neither the sources nor the classpath declare is an unresolved import for Spoon, which keeps its text.
     */
    private static String importedName(CtImport anImport) {
        if (anImport.getImportKind() == CtImportKind.TYPE && anImport.getReference() instanceof CtTypeReference<?> type) {
            return type.getSimpleName();
        }
        if (anImport instanceof CtUnresolvedImport unresolved && !unresolved.isStatic()) {
            String reference = unresolved.getUnresolvedReference();
            return reference.endsWith("*") ? null : reference.substring(reference.lastIndexOf('.') + 1);
        }
        return null;
    }

    private static String apply(String text, List<TextEdit> edits) {
        StringBuilder out = new StringBuilder(text);
        edits.stream().sorted(Comparator.comparingInt(TextEdit::offset).reversed())
                .forEach(edit -> out.replace(edit.offset(), edit.end(), edit.replacement()));
        return out.toString();
    }

    /**
     * Whether {@code name} occurs as a word in {@code text} outside {@code except} (the import's own line);
     * in a rewritten text the import line has moved, so there the import's own mention is discounted by count.
     */
    private static boolean usedOutside(String text, String name, TextEdit except) {
        Matcher word = Pattern.compile("(?<![\\w$])" + Pattern.quote(name) + "(?![\\w$])").matcher(text);
        int count = 0;
        while (word.find()) {
            if (except != null && word.start() >= except.offset() && word.start() < except.end()) {
                continue;
            }
            count++;
        }
        // In the rewritten text the import line is still there: one mention is the import itself.
        return except != null ? count > 0 : count > 1;
    }
}
