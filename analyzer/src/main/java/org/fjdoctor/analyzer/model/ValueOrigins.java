package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Where a value can come from, within one method: a local variable's initializer and every value
 * assigned to it, the collection a for-each variable walks, the values a helper method returns.
 * Deliberately intraprocedural plus one level of helper: enough for the copy and join shapes the
 * catalog describes, and cheap.
 */
public final class ValueOrigins {

    /**
     * A value source, and the for-each loop or function it was reached through (elements of it), if any
     * (see {@link ElementSources}).
     */
    public record Origin(CtExpression<?> expression, CtElement through) {
    }

    private ValueOrigins() {
    }

    /** The expression itself, or, for a local variable, everything that may have been stored in it. */
    public static List<Origin> of(CtExpression<?> expression) {
        return of(expression, ValueOrigins::assignmentsTo);
    }

    /**
     * As {@link #of(CtExpression)}, with the assignments to a local found by {@code assignments} (an index
     * built once per method, {@link OriginIndex}, where many values are followed).
     */
    static List<Origin> of(CtExpression<?> expression,
                           Function<CtLocalVariable<?>, List<CtAssignment<?, ?>>> assignments) {
        List<Origin> origins = new ArrayList<>();
        if (expression instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> local) {
            CtVariable<?> declaration = local.getDeclaration();
            if (declaration != null) {
                if (declaration.getDefaultExpression() != null) {
                    origins.add(new Origin(declaration.getDefaultExpression(), null));
                }
                if (declaration.getParent() instanceof CtForEach forEach && forEach.getVariable() == declaration) {
                    origins.add(new Origin(forEach.getExpression(), forEach));
                }
                for (CtAssignment<?, ?> assignment : declaration instanceof CtLocalVariable<?> variable
                        ? assignments.apply(variable) : List.<CtAssignment<?, ?>>of()) {
                    origins.add(new Origin(assignment.getAssignment(), null));
                }
            }
        }
        if (origins.isEmpty()) {
            origins.add(new Origin(expression, null));
        }
        return origins;
    }

    /** The expressions a source method returns (each {@code return x;}, with locals followed once). */
    public static List<CtExpression<?>> returnedBy(CtExecutable<?> method) {
        List<CtExpression<?>> values = new ArrayList<>();
        if (method.getBody() == null) {
            return values;
        }
        for (CtReturn<?> ret : CodeScan.elementsIn(method.getBody(), CtReturn.class)) {
            if (ret.getReturnedExpression() != null && ret.getParent(CtExecutable.class) == method) {
                for (Origin origin : of(ret.getReturnedExpression())) {
                    values.add(origin.expression());
                }
            }
        }
        return values;
    }

    private static List<CtAssignment<?, ?>> assignmentsTo(CtLocalVariable<?> declaration) {
        List<CtAssignment<?, ?>> found = new ArrayList<>();
        CtElement scope = declaration.getParent(CtExecutable.class);
        if (scope == null) {
            return found;
        }
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(scope, CtAssignment.class)) {
            if (assignment.getAssigned() instanceof CtVariableWrite<?> write
                    && write.getVariable().getSimpleName().equals(declaration.getSimpleName())
                    && write.getVariable() instanceof CtLocalVariableReference<?> written
                    && written.getDeclaration() == declaration) {
                found.add(assignment);
            }
        }
        return found;
    }

    /** The local variable a write names, as the index groups assignments. */
    static CtLocalVariable<?> localWritten(CtAssignment<?, ?> assignment) {
        return assignment.getAssigned() instanceof CtVariableWrite<?> write
                && write.getVariable() instanceof CtLocalVariableReference<?> written ? written.getDeclaration() : null;
    }
}
