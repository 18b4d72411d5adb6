package org.fjdoctor.refactorings.centralizedpooling;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.SourceLines;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/** What the FJ1 rewrites need to know about a submission's receiver and argument, and its source text. */
final class PoolCalls {

    private PoolCalls() {
    }

    /**
     * An expression whose evaluation has no effect and whose value cannot change between two
     * evaluations in a row: a local, parameter or field read (through such reads), {@code this},
     * {@code ForkJoinPool.commonPool()} or {@code ForkJoinTask.getPool()}. Evaluating it twice, or
     * not at all, is unobservable (apart from a null receiver's exception).
     */
    static boolean isPureRead(CtExpression<?> expression) {
        if (expression == null) {
            return true; // implicit this
        }
        if (!expression.getTypeCasts().isEmpty()) {
            return false;
        }
        if (expression instanceof CtThisAccess<?> || expression instanceof CtTypeAccess<?>) {
            return true;
        }
        if (expression instanceof CtFieldRead<?> field) {
            return field.getTarget() == null || isPureRead(field.getTarget());
        }
        if (expression instanceof CtVariableRead<?>) {
            return true;
        }
        return isCommonPool(expression) || isCurrentPool(expression);
    }

    /** {@code ForkJoinPool.commonPool()}. */
    static boolean isCommonPool(CtExpression<?> expression) {
        return expression instanceof CtInvocation<?> call && call.getArguments().isEmpty()
                && call.getExecutable().getSimpleName().equals("commonPool")
                && isAnyOf(call.getExecutable().getDeclaringType(), Role.POOL);
    }

    /** The static {@code ForkJoinTask.getPool()}: the pool of the current worker, null off a worker. */
    static boolean isCurrentPool(CtExpression<?> expression) {
        return expression instanceof CtInvocation<?> call && call.getArguments().isEmpty()
                && call.getExecutable().getSimpleName().equals("getPool")
                && call.getExecutable().isStatic()
                && isAnyOf(call.getExecutable().getDeclaringType(), Role.TASK);
    }

    /**
     * A receiver that no evaluation of other code can change: {@code commonPool()}, {@code getPool()}
     * (same thread, same pool), a final field read through {@code this} or a type, or a local that
     * the task expression does not assign. Needed when the task expression is hoisted before it.
     */
    static boolean isStable(CtExpression<?> pool, CtExpression<?> task) {
        if (isCommonPool(pool) || isCurrentPool(pool) || pool instanceof CtThisAccess<?>) {
            return true;
        }
        if (pool instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            boolean stableTarget = read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>
                    || read.getTarget() instanceof CtTypeAccess<?>;
            return field != null && field.hasModifier(ModifierKind.FINAL) && stableTarget;
        }
        if (pool instanceof CtVariableRead<?> read && !(pool instanceof CtFieldRead<?>)) {
            String name = read.getVariable().getSimpleName();
            return task.filterChildren(e -> e instanceof spoon.reflect.code.CtVariableWrite<?> w
                    && w.getVariable().getSimpleName().equals(name)).list().isEmpty();
        }
        return false;
    }

    /** Whether the argument can be followed by {@code .fork()} without parentheses. */
    static boolean isPrimary(CtExpression<?> expression) {
        return expression.getTypeCasts().isEmpty() && (expression instanceof CtVariableRead<?>
                || expression instanceof CtInvocation<?> || expression instanceof CtConstructorCall<?>
                || expression instanceof CtThisAccess<?>);
    }

    /** The type is {@code role}'s class in one of the fork/join frameworks. */
    static boolean isAnyOf(CtTypeReference<?> type, Role role) {
        return type != null && role.qualifiedNames().contains(type.getQualifiedName());
    }

    /** The text between a call's parentheses, casts and comments included. */
    static String argumentsText(SourceFile file, CtInvocation<?> call) {
        int end = callEnd(file, call) - 1;
        int open = call.getTarget() == null || call.getTarget().isImplicit()
                ? call.getPosition().getSourceStart() : call.getTarget().getPosition().getSourceEnd() + 1;
        open = file.text().indexOf('(', open);
        return file.text().substring(open + 1, end).strip();
    }

    /** Offset just past the call's closing parenthesis (a statement's position also covers its semicolon). */
    static int callEnd(SourceFile file, CtInvocation<?> call) {
        return SourceLines.callEnd(file.text(), call);
    }

    /** Whether {@code call} is a statement of its own in a block (its value, if any, is discarded). */
    static boolean isBlockStatement(CtInvocation<?> call) {
        return call.isParentInitialized() && call.getParent() instanceof CtBlock<?>;
    }
}
