package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopies.Kind;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopies.Slice;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtParameterReference;

/**
 * Copies a subtask makes of its own input in its constructor ({@code this.items =
 * ImmutableList.copyOf(items)}, {@code this.part = Arrays.copyOfRange(args, ..)}, {@code this.list = new
 * ArrayList<>(list)}): they run once per subtask at every recursion level, even when every call site
 * hands over a view or the shared data.
 */
final class ConstructorCopies {

    /** A field of the task set from a copy of a constructor parameter. */
    record Copy(CtExpression<?> at, String description) {
    }

    private ConstructorCopies() {
    }

    /** The copies the constructor that {@code construction} runs makes of its parameters. */
    static List<Copy> in(ForkJoinModel model, SliceCopies copies, CtConstructorCall<?> construction) {
        CtExecutable<?> constructor = model.sourceDeclaration(construction.getExecutable());
        if (!(constructor instanceof CtConstructor<?>) || !model.types().isInTaskClass(construction)) {
            // A task created by other code (a request handler that builds the root) copies once.
            return List.of();
        }
        List<Copy> found = new ArrayList<>();
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(constructor, CtAssignment.class)) {
            CtExpression<?> value = assignment.getAssignment();
            if (value instanceof CtConditional<?> conditional) {
                // size > 1 ? Arrays.copyOfRange(args, 0, size - 1) : EMPTY: the copying branch.
                value = readsParameter(conditional.getThenExpression()) ? conditional.getThenExpression()
                        : conditional.getElseExpression();
            }
            if (!(assignment.getAssigned() instanceof CtFieldWrite<?>) || !readsParameter(value)) {
                continue;
            }
            Slice slice = copies.sliceOf(value);
            if (slice != null && slice.kind() == Kind.COPY) {
                found.add(new Copy(value, slice.description()));
            } else if (copies.isCollectionCopy(value)) {
                found.add(new Copy(value, "a copy constructor of the argument"));
            }
        }
        return found;
    }

    private static boolean readsParameter(CtExpression<?> value) {
        for (CtVariableRead<?> read : CodeScan.elementsIn(value, CtVariableRead.class)) {
            if (read.getVariable() instanceof CtParameterReference<?> parameter && parameter.getDeclaration() != null
                    && parameter.getDeclaration().getParent() instanceof CtConstructor<?>) {
                return true;
            }
        }
        return false;
    }
}
