package org.fjdoctor.refactorings.centralizedpooling;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinModel;
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
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/** What the FJ1 rewrites need to know about a submission's receiver and argument, and its source text. */
final class PoolCalls {

    /** How many methods {@link #continuation} follows a task through before it gives up. */
    private static final int MAX_FOLLOWED = 16;

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

    /**
     * The submitted task as a running task's own continuation, or null. Followed back through the
     * parameters of the methods it is passed through (every call site in task code, so JAAC's
     * {@code ActorSystem.submit(task)} is seen to get {@code new MainTask()} from {@code MainTask.compute()}),
     * the task is {@code this} (GPars' actor scheduling itself from its own run()), or a {@code new T()}
     * without arguments inside T's own code: an actor's message loop that resubmits itself to let other work
     * run between messages. A subtask built from its own arguments (divide and conquer) is no continuation.
     */
    static CtExpression<?> continuation(CtExpression<?> work, ForkJoinModel model) {
        Deque<CtExpression<?>> todo = new ArrayDeque<>(List.of(work));
        Set<CtExecutable<?>> followed = Collections.newSetFromMap(new IdentityHashMap<>());
        List<CtInvocation<?>> calls = null;
        while (!todo.isEmpty()) {
            CtExpression<?> origin = todo.pop();
            if (origin.getTypeCasts().isEmpty() && isContinuation(origin)) {
                return origin;
            }
            if (!(origin instanceof CtVariableRead<?> read)
                    || !(read.getVariable().getDeclaration() instanceof CtParameter<?> parameter)
                    || parameter.isVarArgs()) {
                continue;
            }
            CtExecutable<?> method = parameter.getParent();
            if (method != null && followed.add(method) && followed.size() <= MAX_FOLLOWED) {
                int index = method.getParameters().indexOf(parameter);
                calls = calls != null ? calls : taskCodeCalls(model);
                for (CtInvocation<?> call : calls) {
                    if (call.getArguments().size() > index
                            && model.callTargets(call).stream().anyMatch(target -> target == method)) {
                        todo.add(call.getArguments().get(index));
                    }
                }
            }
        }
        return null;
    }

    private static List<CtInvocation<?>> taskCodeCalls(ForkJoinModel model) {
        List<CtInvocation<?>> calls = new ArrayList<>();
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            calls.add(call);
        }
        return calls;
    }

    private static boolean isContinuation(CtExpression<?> origin) {
        if (origin instanceof CtThisAccess<?>) {
            return true; // only task code reaches here, and it submits its own object
        }
        if (!(origin instanceof CtConstructorCall<?> created) || !created.getArguments().isEmpty()) {
            return false;
        }
        String name = created.getType().getQualifiedName();
        for (CtType<?> type = origin.getParent(CtType.class); type != null; type = type.getParent(CtType.class)) {
            if (type.getQualifiedName().equals(name)) {
                return true;
            }
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
