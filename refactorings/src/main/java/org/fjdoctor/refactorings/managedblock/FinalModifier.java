package org.fjdoctor.refactorings.managedblock;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.TextEdit;

import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;

/**
 * Declares an effectively final local or parameter {@code final}, so that an anonymous class may capture it
 * before Java 8: the modifier goes in front of the declaration ({@code final T p = ..}, {@code for (final T p :
 * ps)}, {@code catch (final E e)}, {@code void m(final T p)}). Since nothing writes the variable, the program
 * means the same.
 */
final class FinalModifier {

    private FinalModifier() {
    }

    /**
     * Whether {@code final} can go in front of the declaration without touching another variable: a local
     * declared alone ({@code int a = 1, b = 2;} would make both final) with a position in the source.
     */
    static boolean canDeclare(CtVariable<?> variable) {
        SourcePosition position = variable.getPosition();
        if (!position.isValidPosition() || position.getCompilationUnit() == null) {
            return false;
        }
        if (!(variable instanceof CtLocalVariable<?>)) {
            return true;
        }
        // `int a = 1, b = 2;` is two locals of one written type: the same type position
        SourcePosition type = ((CtLocalVariable<?>) variable).getType() == null ? null
                : ((CtLocalVariable<?>) variable).getType().getPosition();
        if (type == null || !type.isValidPosition() || !variable.isParentInitialized()) {
            return false;
        }
        for (CtElement sibling : variable.getParent().getDirectChildren()) {
            if (sibling != variable && sibling instanceof CtLocalVariable<?> other && other.getType() != null
                    && other.getType().getPosition().isValidPosition()
                    && other.getType().getPosition().getSourceStart() == type.getSourceStart()) {
                return false;
            }
        }
        return true;
    }

    static TextEdit declare(SourceFile file, CtVariable<?> variable) {
        int start = variable.getPosition().getSourceStart();
        return TextEdit.insert(file.path(), start, "final ");
    }
}
