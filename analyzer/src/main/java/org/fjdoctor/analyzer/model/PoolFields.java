package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Fields declared as a plain {@code Executor}/{@code ExecutorService} that may hold a fork/join pool:
 * initialized with one, or set in a constructor from a parameter that some {@code new Owner(..)} passes
 * one ({@code new ExecutorBasedScheduler(ForkJoinPool.commonPool(), ..)}). Code submitted through such a
 * field may run on a pool worker, as task code, the way actor runtimes schedule their mailboxes.
 */
final class PoolFields {

    private final Set<CtField<?>> fields = Collections.newSetFromMap(new IdentityHashMap<>());

    PoolFields(ModelElements elements, JavaTypes types) {
        List<CtConstructorCall<?>> constructions = elements.constructorCalls;
        for (CtField<?> field : elements.fields) {
            if (field.getType() == null || types.is(field.getType(), Role.POOL)
                    || !types.isSubtypeOf(field.getType(), "java.util.concurrent.Executor")) {
                continue; // a ForkJoinPool-typed field needs no help; other types hold no executor
            }
            if (isPool(types, field.getDefaultExpression()) || setFromPool(types, field, constructions)) {
                fields.add(field);
            }
        }
    }

    /** Whether {@code target} reads a field that may hold a fork/join pool. */
    boolean mayHoldPool(CtExpression<?> target) {
        return target instanceof CtFieldRead<?> read && read.getVariable().getFieldDeclaration() != null
                && fields.contains(read.getVariable().getFieldDeclaration());
    }

    private static boolean isPool(JavaTypes types, CtExpression<?> value) {
        return value != null && value.getType() != null && types.is(value.getType(), Role.POOL);
    }

    /** {@code this.f = p} in a constructor, and a {@code new Owner(..)} passing a pool as {@code p}. */
    private static boolean setFromPool(JavaTypes types, CtField<?> field, List<CtConstructorCall<?>> constructions) {
        if (field.getDeclaringType() == null) {
            return false;
        }
        for (CtAssignment<?, ?> assignment : field.getDeclaringType().getElements(new TypeFilter<>(CtAssignment.class))) {
            if (!(assignment.getAssigned() instanceof CtFieldWrite<?> write)
                    || write.getVariable().getFieldDeclaration() != field) {
                continue;
            }
            if (isPool(types, assignment.getAssignment())) {
                return true;
            }
            if (assignment.getAssignment() instanceof CtVariableRead<?> read
                    && read.getVariable() instanceof CtParameterReference<?> parameter
                    && parameter.getDeclaration() != null
                    && parameter.getDeclaration().getParent() instanceof CtConstructor<?> constructor) {
                CtParameter<?> declared = parameter.getDeclaration();
                int index = new ArrayList<>(constructor.getParameters()).indexOf(declared);
                for (CtConstructorCall<?> construction : constructions) {
                    if (construction.getArguments().size() == constructor.getParameters().size()
                            && construction.getType() != null
                            && construction.getType().getQualifiedName().equals(field.getDeclaringType().getQualifiedName())
                            && isPool(types, construction.getArguments().get(index))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
