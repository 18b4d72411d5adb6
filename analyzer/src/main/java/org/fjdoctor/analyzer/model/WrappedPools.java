package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtReturn;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeMember;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Executors a project builds around a plain thread pool: its own executor abstraction that wraps a configurable
 * pool ({@code Context(ExecutorService worker)}) and is made by static factories, some of which wrap a fork/join
 * pool ({@code forkjoin(..)}) and some a {@code ThreadPoolExecutor} ({@code fix(..)}, {@code elastic(..)}). A value
 * made by a factory whose every return wraps a plain pool is no fork/join pool, though the wrapper's class can
 * hold one: the judgement follows the values, not the class. A factory that can yield a fork/join pool, or a
 * wrapper whose instance code names one itself, keeps the value a possible pool.
 */
final class WrappedPools {

    /** Factory hops followed: overloads that delegate to each other, then the constructor and the pool's builder. */
    private static final int DEPTH = 6;

    private WrappedPools() {
    }

    /** Whether {@code value} is a plain thread pool or a project's executor built around one, as far as seen. */
    static boolean plain(JavaTypes types, CtExpression<?> value) {
        return plain(types, value, DEPTH);
    }

    private static boolean plain(JavaTypes types, CtExpression<?> value, int depth) {
        if (value == null) {
            return false;
        }
        if (PoolFields.isPlainPoolValue(types, value)
                || value.getType() != null && types.isSubtypeOf(value.getType(), JavaTypes.THREAD_POOL_EXECUTOR)) {
            return true; // a ThreadPoolExecutor by its static type is never a ForkJoinPool
        }
        if (depth == 0 || value.getType() != null && types.is(value.getType(), Role.POOL)) {
            return false;
        }
        if (value instanceof CtInvocation<?> call) {
            return returnsPlain(types, call, depth - 1);
        }
        return value instanceof CtConstructorCall<?> created && !(created instanceof CtNewClass<?>)
                && wrapsPlain(types, created, depth - 1);
    }

    /** A source method no subclass overrides whose every {@code return} gives a plain executor. */
    private static boolean returnsPlain(JavaTypes types, CtInvocation<?> call, int depth) {
        CtExecutable<?> declaration = call.getExecutable() == null ? null
                : HalfResolved.executableDeclaration(call.getExecutable());
        if (!(declaration instanceof CtMethod<?> method) || method.getBody() == null || method.isShadow()
                || !CodeScan.cannotBeOverridden(method)) {
            return false;
        }
        boolean any = false;
        for (CtReturn<?> returned : method.getBody().getElements(new TypeFilter<>(CtReturn.class))) {
            if (returned.getParent(CtExecutable.class) != method) {
                continue; // a return of a lambda or a local class inside the factory
            }
            if (!plain(types, returned.getReturnedExpression(), depth)) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /**
     * {@code new Context(pool, ..)} of a project's executor whose every executor argument is plain and whose instance
     * code (constructors, instance methods, instance field initializers) names no fork/join pool of its own.
     */
    private static boolean wrapsPlain(JavaTypes types, CtConstructorCall<?> created, int depth) {
        CtType<?> type = created.getType() == null ? null : HalfResolved.typeDeclaration(created.getType());
        if (!(type instanceof CtClass<?>) || type.isShadow()
                || !types.isSubtypeOf(created.getType(), "java.util.concurrent.Executor")) {
            return false;
        }
        boolean any = false;
        for (CtExpression<?> argument : created.getArguments()) {
            if (argument.getType() != null && types.isSubtypeOf(argument.getType(), "java.util.concurrent.Executor")) {
                if (!plain(types, argument, depth)) {
                    return false;
                }
                any = true;
            }
        }
        return any && !namesAPool(types, type);
    }

    private static boolean namesAPool(JavaTypes types, CtType<?> type) {
        for (CtTypeMember member : type.getTypeMembers()) {
            if (member.isStatic()) {
                continue; // static factories only make instances, followed where they are called
            }
            for (CtExpression<?> expression : ((CtElement) member).getElements(new TypeFilter<>(CtExpression.class))) {
                if (expression.getType() != null && types.is(expression.getType(), Role.POOL)) {
                    return true;
                }
            }
        }
        return false;
    }
}
