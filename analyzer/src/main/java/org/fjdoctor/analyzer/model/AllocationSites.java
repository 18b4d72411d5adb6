package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The one class a receiver can hold when every value it is ever given is {@code new C(..)} of that class:
 * a local, or a private or final field, written only with such allocations where it is visible. A call on
 * it then runs {@code C}'s implementation alone, not every override the class hierarchy allows (a local
 * created as one concrete class, a field assigned in one place).
 */
public final class AllocationSites {

    private AllocationSites() {
    }

    /** The allocated class, or {@code null} when the receiver may hold instances of several classes or of unknown ones. */
    static CtType<?> exactType(CtExpression<?> receiver) {
        if (receiver instanceof CtConstructorCall<?> created) {
            return allocated(created);
        }
        List<CtExpression<?>> values = valuesStoredIn(receiver);
        if (values == null) {
            return null;
        }
        CtType<?> only = null;
        for (CtExpression<?> value : values) {
            CtType<?> type = value instanceof CtConstructorCall<?> created ? allocated(created) : null;
            if (type == null || only != null && only != type) {
                return null;
            }
            only = type;
        }
        return only;
    }

    /**
     * Every value ever stored in the local or the private or final field {@code read} reads (its initializer
     * and each assignment where it is visible), or {@code null} when it is no such variable or is never set.
     */
    public static List<CtExpression<?>> valuesStoredIn(CtExpression<?> read) {
        if (!(read instanceof CtVariableRead<?> variableRead) || variableRead.getVariable() == null) {
            return null;
        }
        CtVariable<?> variable = variableRead.getVariable().getDeclaration();
        CtElement scope;
        if (variable instanceof CtLocalVariable<?> local) {
            scope = local.getParent(CtExecutable.class);
        } else if (variable instanceof CtField<?> field && read instanceof CtFieldRead<?>
                && (field.hasModifier(ModifierKind.PRIVATE) || field.hasModifier(ModifierKind.FINAL))) {
            scope = field.getDeclaringType() == null ? null : JavaTypes.topLevel(field.getDeclaringType());
        } else {
            return null;
        }
        if (scope == null) {
            return null;
        }
        List<CtExpression<?>> values = new ArrayList<>();
        if (variable.getDefaultExpression() != null) {
            values.add(variable.getDefaultExpression());
        }
        for (CtAssignment<?, ?> assignment : scope.getElements(new TypeFilter<>(CtAssignment.class))) {
            if (assignment.getAssigned() instanceof CtVariableWrite<?> write && write.getVariable() != null
                    && write.getVariable().getSimpleName().equals(variable.getSimpleName())
                    && write.getVariable().getDeclaration() == variable) {
                values.add(assignment.getAssignment());
            }
        }
        return values.isEmpty() ? null : values;
    }

    private static CtType<?> allocated(CtConstructorCall<?> created) {
        if (created instanceof CtNewClass<?> anonymous) {
            return anonymous.getAnonymousClass();
        }
        CtType<?> type = created.getType() == null ? null : created.getType().getTypeDeclaration();
        return type == null || type.isShadow() ? null : type;
    }
}
