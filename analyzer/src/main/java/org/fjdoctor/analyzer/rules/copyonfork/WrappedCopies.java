package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.ValueOrigins;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopies.Slice;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtArrayTypeReference;

/**
 * Copies handed to a subtask inside a container: a helper that copies both halves and returns
 * {@code Arrays.asList(left, right)} (or {@code List.of(..)}, or {@code new long[][] {left, right}}),
 * and a task that reads them back with {@code get(0)} or {@code [1]} for its subtasks. The value the
 * subtask gets is the copy itself, so the copy costs what a copy handed over directly does. Also an
 * object the task builds around fresh copies and hands over whole ({@code new Frame(Arrays.copyOf(names,
 * n), Arrays.copyOf(vecs, n))}, h2o's tree builder): every subtask's data is copied to make it.
 */
final class WrappedCopies {

    /** A copy found inside a container, and the container expression that holds it. */
    record Wrapped(CtExpression<?> copy, Slice slice, CtExpression<?> container) {
    }

    private WrappedCopies() {
    }

    /** The copy that {@code value} ({@code parts.get(i)} or {@code parts[i]}) reads back, or {@code null}. */
    static Wrapped readBack(ForkJoinModel model, SliceCopies copies, CtExpression<?> value) {
        CtExpression<?> container;
        CtExpression<?> index;
        if (value instanceof CtInvocation<?> call && Apis.LIST_GET.matches(call, model.types())) {
            container = call.getTarget();
            index = call.getArguments().get(0);
        } else if (value instanceof CtArrayRead<?> read) {
            container = read.getTarget();
            index = read.getIndexExpression();
        } else {
            return null;
        }
        if (container == null) {
            return null;
        }
        for (ValueOrigins.Origin origin : ValueOrigins.of(container)) {
            CtExpression<?> made = origin.expression();
            CtExecutable<?> helper = made instanceof CtInvocation<?> call ? model.sourceDeclaration(call.getExecutable()) : null;
            List<CtExpression<?>> candidates = helper == null ? List.of(made) : ValueOrigins.returnedBy(helper);
            for (CtExpression<?> candidate : candidates) {
                for (CtExpression<?> element : chosen(elementsOf(model, candidate), index)) {
                    for (ValueOrigins.Origin elementOrigin : ValueOrigins.of(element)) {
                        Slice slice = copies.sliceOf(elementOrigin.expression());
                        if (slice != null) {
                            return new Wrapped(elementOrigin.expression(), slice, candidate);
                        }
                    }
                }
            }
        }
        return null;
    }

    /**
     * The first slice copy among the arguments of {@code value} when it is a new object built from fresh
     * copies (not a task, and not a collection's copy constructor, which the rule reports as a copy of its
     * own), or {@code null}.
     */
    static Wrapped builtAround(ForkJoinModel model, SliceCopies copies, CtExpression<?> value) {
        if (!(value instanceof CtConstructorCall<?> construction) || model.api().isTaskConstruction(construction)
                || copies.isCollectionCopy(construction)) {
            return null;
        }
        for (CtExpression<?> argument : construction.getArguments()) {
            for (ValueOrigins.Origin origin : ValueOrigins.of(argument)) {
                Slice slice = copies.sliceOf(origin.expression());
                if (slice != null && !SliceCopies.growsItself(origin.expression())) {
                    return new Wrapped(origin.expression(), slice, construction);
                }
            }
        }
        return null;
    }

    /** The values a container expression is made of, in order; empty when it is no such container. */
    private static List<CtExpression<?>> elementsOf(ForkJoinModel model, CtExpression<?> container) {
        if (container instanceof CtNewArray<?> array) {
            return new ArrayList<>(array.getElements());
        }
        if (container instanceof CtInvocation<?> call && Apis.LIST_OF_VALUES.matches(call, model.types())) {
            List<CtExpression<?>> arguments = call.getArguments();
            // Arrays.asList(objects) with one array of objects lists that array's elements, not the array.
            if (arguments.size() == 1 && arguments.get(0).getType() instanceof CtArrayTypeReference<?> type
                    && !type.getComponentType().isPrimitive()) {
                return List.of();
            }
            return new ArrayList<>(arguments);
        }
        return List.of();
    }

    /** The element a constant index picks, or all of them. */
    private static List<CtExpression<?>> chosen(List<CtExpression<?>> elements, CtExpression<?> index) {
        if (index instanceof CtLiteral<?> literal && literal.getValue() instanceof Integer position
                && position >= 0 && position < elements.size()) {
            return List.of(elements.get(position));
        }
        return elements;
    }
}
