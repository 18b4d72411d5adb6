package org.fjdoctor.refactorings;

import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/** What rewrites need to know about a variable's assignments. */
public final class Variables {

    private Variables() {
    }

    /**
     * Declared final, or initialized where declared (a for-each variable by the loop) and never
     * written anywhere in the method or lambda that declares it. A local declared without a value and
     * assigned once is effectively final in Java too, but is refused here: proving a single definite
     * assignment is not worth it.
     */
    public static boolean effectivelyFinal(CtVariable<?> variable) {
        if (variable.hasModifier(ModifierKind.FINAL)) {
            return true;
        }
        if (variable instanceof CtLocalVariable<?> local && local.getDefaultExpression() == null
                && !(local.getParent() instanceof CtForEach)) {
            return false;
        }
        CtExecutable<?> scope = variable.getParent(CtExecutable.class);
        return scope != null && scope.getElements(new TypeFilter<>(CtVariableWrite.class)).stream()
                .noneMatch(write -> write.getVariable().getDeclaration() == variable);
    }
}
