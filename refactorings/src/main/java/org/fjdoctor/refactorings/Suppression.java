package org.fjdoctor.refactorings;

import java.util.Optional;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.cu.position.DeclarationSourcePosition;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeParameter;

/**
 * Suppressing a finding: {@code @SuppressWarnings("fjdoctor:<rule id>")} on the innermost method, constructor,
 * field or named type around the finding (the analyzer honours it there), or the value added to a
 * {@code @SuppressWarnings} that is already there. The editors offer it next to the fixes.
 *
 * @param title       what the action is called
 * @param description what it does, in a sentence
 */
public record Suppression(String title, String description, TextEdit edit) {

    /** Empty when the finding has no declaration around it that can carry an annotation. */
    public static Optional<Suppression> of(Finding finding, Analyzer.Analysis analysis) {
        CtElement target = declarationAround(analysis.elementOf(finding));
        SourceFile file = target == null ? null : analysis.model().fileOf(target);
        if (file == null) {
            return Optional.empty();
        }
        String value = "\"fjdoctor:" + finding.ruleId() + "\"";
        Optional<TextEdit> edit = existing(target)
                .map(annotation -> addValue(file, annotation, value))
                .orElseGet(() -> Optional.of(insertAnnotation(file, target, value)));
        return edit.map(e -> new Suppression("Suppress with @SuppressWarnings(" + value + ")",
                "Adds @SuppressWarnings(" + value + ") to " + describe(target) + "; fjdoctor then reports no "
                        + finding.ruleId() + " finding inside it.", e));
    }

    private static CtElement declarationAround(CtElement element) {
        for (CtElement e = element; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            boolean annotatable = e instanceof CtMethod<?> || e instanceof CtConstructor<?> || e instanceof CtField<?>
                    || (e instanceof CtType<?> type && !type.isAnonymous() && !(e instanceof CtTypeParameter));
            if (annotatable && !e.isImplicit() && e.getPosition().isValidPosition()) {
                return e;
            }
        }
        return null;
    }

    private static Optional<CtAnnotation<?>> existing(CtElement target) {
        return target.getAnnotations().stream()
                .filter(a -> a.getAnnotationType().getSimpleName().equals("SuppressWarnings"))
                .filter(a -> a.getPosition().isValidPosition())
                .findFirst();
    }

    /** {@code ("x")} becomes {@code ({"x", "fjdoctor:id"})}; {@code ({"x"})} becomes {@code ({"x", "fjdoctor:id"})}. */
    private static Optional<TextEdit> addValue(SourceFile file, CtAnnotation<?> annotation, String value) {
        CtExpression<?> current = annotation.getValues().get("value");
        if (current == null || !current.getPosition().isValidPosition()) {
            return Optional.empty();
        }
        SourcePosition position = current.getPosition();
        if (current instanceof CtNewArray<?> array) {
            int close = position.getSourceEnd();
            String separator = array.getElements().isEmpty() ? "" : ", ";
            return file.text().charAt(close) == '}'
                    ? Optional.of(TextEdit.insert(file.path(), close, separator + value)) : Optional.empty();
        }
        if (current instanceof CtLiteral<?>) {
            String text = file.text().substring(position.getSourceStart(), position.getSourceEnd() + 1);
            return Optional.of(TextEdit.replace(file.path(), position.getSourceStart(), position.getSourceEnd() + 1,
                    "{" + text + ", " + value + "}"));
        }
        return Optional.empty();
    }

    private static TextEdit insertAnnotation(SourceFile file, CtElement target, String value) {
        String text = file.text();
        int start = skipComments(text, declarationStart(target));
        int lineStart = start;
        while (lineStart > 0 && text.charAt(lineStart - 1) != '\n' && text.charAt(lineStart - 1) != '\r') {
            lineStart--;
        }
        String before = text.substring(lineStart, start);
        String annotation = "@SuppressWarnings(" + value + ")";
        if (!before.isBlank()) {
            // Another declaration shares the line: annotate in place rather than move code around.
            return TextEdit.insert(file.path(), start, annotation + " ");
        }
        return TextEdit.insert(file.path(), lineStart, before + annotation + lineSeparator(text));
    }

    /** Where the declaration's modifiers (annotations included) begin. */
    private static int declarationStart(CtElement target) {
        SourcePosition position = target.getPosition();
        int start = position.getSourceStart();
        if (position instanceof DeclarationSourcePosition declaration && declaration.getModifierSourceStart() >= 0) {
            start = Math.min(start, declaration.getModifierSourceStart());
        }
        for (CtAnnotation<?> annotation : target.getAnnotations()) {
            if (annotation.getPosition().isValidPosition()) {
                start = Math.min(start, annotation.getPosition().getSourceStart());
            }
        }
        return start;
    }

    /** A declaration's range may start at its Javadoc; the annotation belongs after it. */
    private static int skipComments(String text, int at) {
        int i = at;
        while (true) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? text.length() : end + 2;
            } else if (text.startsWith("//", i)) {
                while (i < text.length() && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    i++;
                }
            } else {
                return i == at || i >= text.length() ? at : i;
            }
        }
    }

    private static String lineSeparator(String text) {
        int newline = text.indexOf('\n');
        return newline > 0 && text.charAt(newline - 1) == '\r' ? "\r\n" : "\n";
    }

    private static String describe(CtElement target) {
        if (target instanceof CtType<?> type) {
            return "type " + type.getSimpleName();
        }
        if (target instanceof CtField<?> field) {
            return "field " + field.getSimpleName();
        }
        return target instanceof CtConstructor<?> ? "the constructor" : "method " + ((CtMethod<?>) target).getSimpleName();
    }
}
