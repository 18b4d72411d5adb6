package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The functions a value handed to an executor runs when it is not written at the call: a JDK wrapper made
 * around one ({@code executor.execute(new FutureTask<>(() -> ..))}: the wrapper's {@code run()} calls it), held
 * in a local or in a field of the class ({@code this.future = new FutureTask<>(..)} in a constructor,
 * {@code executor.execute(future)} later). Only a private or final field: another class may store anything
 * in any other.
 */
final class HeldWork {

    /** JDK classes whose {@code run()} runs the function their constructor is given first. */
    private static final Set<String> WRAPPERS = Set.of("java.util.concurrent.FutureTask");

    private HeldWork() {
    }

    /**
     * The functions (lambdas, method references, anonymous or named classes) that {@code value} runs through a
     * wrapper or a field, each as written where it was created; none when it is written at the call itself.
     */
    static List<CtExpression<?>> functionsIn(CtExpression<?> value) {
        List<CtExpression<?>> held = new ArrayList<>();
        if (value instanceof CtFieldRead<?> read) {
            held.addAll(storedIn(read));
        } else if (value instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?>) {
            ValueOrigins.of(value).stream().filter(origin -> origin.through() == null && origin.expression() != value)
                    .forEach(origin -> held.add(origin.expression()));
        } else {
            held.add(value);
        }
        List<CtExpression<?>> functions = new ArrayList<>();
        for (CtExpression<?> stored : held) {
            CtExpression<?> wrapped = wrapped(stored);
            if (wrapped != null) {
                functions.add(wrapped);
            } else if (stored != value) {
                functions.add(stored);
            }
        }
        return functions;
    }

    /** The first argument of {@code new FutureTask<>(fn)}, else {@code null}. */
    private static CtExpression<?> wrapped(CtExpression<?> value) {
        return value instanceof CtConstructorCall<?> created && !(created instanceof CtNewClass<?>)
                && created.getType() != null && WRAPPERS.contains(created.getType().getQualifiedName())
                && !created.getArguments().isEmpty() ? created.getArguments().get(0) : null;
    }

    /** What a private or final field of the sources is initialized with and set to in its own class. */
    static List<CtExpression<?>> storedIn(CtFieldRead<?> read) {
        return storedIn(read.getVariable() == null ? null : read.getVariable().getFieldDeclaration(), read);
    }

    /**
     * What a private or final field of the sources is initialized with and set to in its own class, read by
     * {@code read} (the value set earlier in the reading method, when there is one) or, with no read, by anyone.
     */
    static List<CtExpression<?>> storedIn(CtField<?> field, CtFieldRead<?> read) {
        List<CtExpression<?>> values = new ArrayList<>();
        if (field == null || field.getDeclaringType() == null || field.getDeclaringType().isShadow()
                || !field.hasModifier(ModifierKind.PRIVATE) && !field.hasModifier(ModifierKind.FINAL)) {
            return values;
        }
        List<CtExpression<?>> here = new ArrayList<>();
        if (field.getDefaultExpression() != null) {
            values.add(field.getDefaultExpression());
        }
        CtExecutable<?> in = read == null ? null : read.getParent(CtExecutable.class);
        for (CtAssignment<?, ?> assignment : field.getDeclaringType().getElements(new TypeFilter<>(CtAssignment.class))) {
            if (assignment.getAssigned() instanceof CtFieldWrite<?> write
                    && field.getSimpleName().equals(write.getVariable().getSimpleName())
                    && write.getVariable().getFieldDeclaration() == field) {
                values.add(assignment.getAssignment());
                if (in != null && assignment.getParent(CtExecutable.class) == in && assignment.getPosition().isValidPosition()
                        && read.getPosition().isValidPosition()
                        && assignment.getPosition().getSourceEnd() < read.getPosition().getSourceStart()) {
                    here.add(assignment.getAssignment());
                }
            }
        }
        // Set earlier in the very method that reads it (a constructor that makes the task, then submits it):
        // that value, not what other constructors store.
        return here.isEmpty() ? values : here;
    }
}
