package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopies.Slice;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.reference.CtParameterReference;

/**
 * Copies a subtask makes of its own input in its constructor ({@code this.items =
 * ImmutableList.copyOf(items)}, {@code this.part = Arrays.copyOfRange(args, ..)}, {@code this.list = new
 * ArrayList<>(list)}, or a fresh container filled with {@code addAll(items)}): they run once per subtask at every recursion level, even when every call site
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
            if (slice != null) {
                found.add(new Copy(value, slice.description()));
            } else if (copies.isCollectionCopy(value)) {
                found.add(new Copy(value, "a copy constructor of the argument"));
            }
        }
        elementCopies(constructor, found);
        return found;
    }

    /**
     * {@code this.items = ConcurrentHashMap.newKeySet(); this.items.addAll(items);}: the constructor fills a container
     * it (or the field's initializer) made fresh with every element of a parameter, a copy in two statements.
     */
    private static void elementCopies(CtExecutable<?> constructor, List<Copy> found) {
        for (CtInvocation<?> call : CodeScan.elementsIn(constructor, CtInvocation.class)) {
            if (call.getExecutable() != null && FILLS.contains(call.getExecutable().getSimpleName())
                    && call.getArguments().size() == 1 && call.getArguments().get(0) instanceof CtVariableRead<?> read
                    && readsParameter(read) && call.getTarget() instanceof CtFieldRead<?> field
                    && madeFresh(constructor, field.getVariable().getFieldDeclaration())) {
                found.add(new Copy(call, "a copy of every element of the argument ("
                        + call.getExecutable().getSimpleName() + " into a new container)"));
            }
        }
    }

    private static final Set<String> FILLS = Set.of("addAll", "putAll");

    /**
     * The field starts as a container made here: by its initializer, or by the constructor's assignment, which
     * reads no parameter.
     */
    private static boolean madeFresh(CtExecutable<?> constructor, CtField<?> field) {
        if (field == null) {
            return false;
        }
        if (field.getDefaultExpression() instanceof CtAbstractInvocation<?>) {
            return true;
        }
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(constructor, CtAssignment.class)) {
            if (assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable().getFieldDeclaration() == field) {
                CtExpression<?> value = assignment.getAssignment();
                return value instanceof CtAbstractInvocation<?> && !readsParameter(value);
            }
        }
        return false;
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
