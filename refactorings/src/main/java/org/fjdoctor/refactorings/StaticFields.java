package org.fjdoctor.refactorings;

import java.util.HashSet;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.cu.position.BodyHolderSourcePosition;
import spoon.reflect.cu.position.DeclarationSourcePosition;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * New static fields that rewrites add to a class (a shared pool, a threshold constant): a name nothing
 * in the class uses, and the declaration on a line of its own in the class's indentation.
 */
public final class StaticFields {

    private StaticFields() {
    }

    /** {@code base}, or {@code base2}, ...: a name that no variable in {@code type} (nested code included) uses. */
    public static String freshName(CtType<?> type, String base) {
        Set<String> taken = new HashSet<>();
        type.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> taken.add(v.getSimpleName()));
        String name = base;
        for (int i = 2; taken.contains(name); i++) {
            name = base + i;
        }
        return name;
    }

    /**
     * Inserts {@code declaration} (one line, without indentation) after the last field of {@code type}, so
     * that whatever its initializer reads is declared before it, or as the first member when there is none.
     */
    public static TextEdit declare(RefactoringContext context, SourceFile file, CtType<?> type, String declaration) {
        String text = file.text();
        String newline = context.lineSeparator(file);
        CtField<?> last = null;
        for (CtField<?> field : type.getFields()) {
            if (!field.isImplicit() && field.getPosition().isValidPosition()
                    && (last == null || field.getPosition().getSourceEnd() > last.getPosition().getSourceEnd())) {
                last = field;
            }
        }
        if (last != null) {
            int end = SourceLines.lineEnd(text, last.getPosition().getSourceEnd());
            String indent = context.indentation(file, last.getPosition().getSourceStart());
            return TextEdit.insert(file.path(), end, newline + indent + declaration);
        }
        int open = ((BodyHolderSourcePosition) type.getPosition()).getBodyStart();
        int afterBrace = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, open));
        int nameStart = ((DeclarationSourcePosition) type.getPosition()).getNameStart();
        String indent = context.indentation(file, nameStart) + context.indentUnit(file);
        String next = text.substring(afterBrace, SourceLines.lineEnd(text, afterBrace));
        return TextEdit.insert(file.path(), afterBrace, indent + declaration + newline + (next.isBlank() ? "" : newline));
    }
}
