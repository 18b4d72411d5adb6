package org.fjdoctor.analyzer.model;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCFlowBreak;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtTypePattern;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtTypeReference;

/**
 * Code that a check of the current thread keeps off pool workers: the then-branch of
 * {@code if (!ForkJoinTask.inForkJoinPool())} or of {@code if (!(Thread.currentThread() instanceof
 * ForkJoinWorkerThread))}, the else-branch of the positive check, and what follows
 * {@code if (inForkJoinPool()) { ..; return; }}. Such code runs on the caller's own thread even when the
 * method around it is task code, so it blocks no worker. A test of the current thread's name that no worker's
 * name passes ({@link WorkerNames}) is false on every worker, through locals that hold it too. A branch a compile-time constant rules out
 * ({@link ConstantConditions}: {@code if (DEBUG)} over {@code static final boolean DEBUG = false}) runs nowhere.
 */
final class WorkerGuards {

    /** How many helper methods deep a check is followed ({@code Strand.isCurrentFiber() -> Fiber.isCurrentFiber() -> isFiberThread(t)}). */
    private static final int MAX_HELPERS = 3;

    private final JavaTypes types;
    private final Declarations declarations;
    private final WorkerNames names;
    private final Map<CtExpression<?>, Optional<Boolean>> checked = new IdentityHashMap<>();

    WorkerGuards(JavaTypes types, Declarations declarations, WorkerNames names) {
        this.types = types;
        this.declarations = declarations;
        this.names = names;
    }

    /** Whether {@code element} sits where a worker check has ruled out running on a pool worker. */
    boolean offWorker(CtElement element) {
        CtElement child = element;
        for (CtElement parent = element.isParentInitialized() ? element.getParent() : null;
             parent != null && !(child instanceof CtExecutable<?>);
             child = parent, parent = parent.isParentInitialized() ? parent.getParent() : null) {
            if (parent instanceof CtIf guard) {
                if (guard.getThenStatement() == child && ruledOut(guard.getCondition(), Boolean.FALSE)
                        || guard.getElseStatement() == child && ruledOut(guard.getCondition(), Boolean.TRUE)) {
                    return true;
                }
            } else if (parent instanceof CtConditional<?> choice) {
                if (choice.getThenExpression() == child && ruledOut(choice.getCondition(), Boolean.FALSE)
                        || choice.getElseExpression() == child && ruledOut(choice.getCondition(), Boolean.TRUE)) {
                    return true;
                }
            } else if (parent instanceof CtBlock<?> block && child instanceof CtStatement statement
                    && afterWorkerExit(block.getStatements(), statement)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code condition} keeps the branch taken when it is {@code value} off workers: it checks the worker and
     * {@code value} means off one, or the compiler knows it is {@code value} and the branch is dead code.
     */
    private boolean ruledOut(CtExpression<?> condition, Boolean value) {
        return value.equals(onWorker(condition)) || value.equals(ConstantConditions.value(condition));
    }

    /** {@code if (onWorker) { ..; return; }} before {@code statement} in the same block. */
    private boolean afterWorkerExit(List<CtStatement> statements, CtStatement statement) {
        for (CtStatement before : statements) {
            if (before == statement) {
                return false;
            }
            if (before instanceof CtIf guard && guard.getElseStatement() == null
                    && onWorker(guard.getCondition()) == Boolean.TRUE && alwaysLeaves(guard.getThenStatement())) {
                return true;
            }
        }
        return false;
    }

    private static boolean alwaysLeaves(CtStatement statement) {
        CtStatement last = statement instanceof CtBlock<?> block
                ? (block.getStatements().isEmpty() ? null : block.getLastStatement()) : statement;
        return last instanceof CtCFlowBreak;
    }

    /**
     * {@code TRUE} when the condition holds only on a pool worker, {@code FALSE} when it holds only off
     * one, {@code null} when it says neither. A conjunction holds only where each of its parts may; a
     * disjunction with a worker check holds off a worker only when every part does. A call of a source
     * method that only returns such a check ({@code isCurrentFiber()}) is that check.
     */
    Boolean onWorker(CtExpression<?> condition) {
        // Asked once for every element below the condition: the answer, helpers followed, is kept.
        Optional<Boolean> known = checked.get(condition);
        if (known == null) {
            known = Optional.ofNullable(onWorker(condition, Map.of(), 0));
            checked.put(condition, known);
        }
        return known.orElse(null);
    }

    /** @param arguments what the parameters of the helpers being followed were called with */
    private Boolean onWorker(CtExpression<?> condition, Map<CtParameter<?>, CtExpression<?>> arguments, int helpers) {
        if (condition instanceof CtUnaryOperator<?> not && not.getKind() == UnaryOperatorKind.NOT) {
            Boolean inner = onWorker(not.getOperand(), arguments, helpers);
            return inner == null ? null : !inner;
        }
        if (condition instanceof CtInvocation<?> call && isInForkJoinPool(call)) {
            return Boolean.TRUE;
        }
        if (condition instanceof CtInvocation<?> call
                && names.failsOnWorkers(call, expression -> valueOf(expression, arguments))) {
            return Boolean.FALSE;
        }
        if (condition instanceof CtInvocation<?> call) {
            return helperCheck(call, arguments, helpers);
        }
        CtExpression<?> only = condition instanceof CtVariableRead<?> read ? WorkerNames.onlyValue(read) : null;
        if (only != null) {
            // boolean main = name.contains("main"): the current thread, and so the test, is fixed for the call
            return onWorker(only, arguments, helpers);
        }
        if (condition instanceof CtBinaryOperator<?> binary) {
            if (binary.getKind() == BinaryOperatorKind.INSTANCEOF
                    && isCurrentThread(bound(binary.getLeftHandOperand(), arguments))
                    && isWorkerThread(testedType(binary.getRightHandOperand()))) {
                return Boolean.TRUE;
            }
            Boolean left = onWorker(binary.getLeftHandOperand(), arguments, helpers);
            Boolean right = onWorker(binary.getRightHandOperand(), arguments, helpers);
            if (binary.getKind() == BinaryOperatorKind.AND) {
                // Both must hold: one part that rules the worker in or out decides, unless they disagree.
                if (left != null && right != null) {
                    return left.equals(right) ? left : null;
                }
                return left != null ? left : right;
            }
            if (binary.getKind() == BinaryOperatorKind.OR) {
                // Off a worker, "onWorker || x" is false unless x is: its else-branch runs off the worker, and its
                // then-branch is not taken for worker-free code. "!onWorker || x" may hold on a worker through x.
                if (left != null && right != null) {
                    return left.equals(right) ? left : null;
                }
                return Boolean.TRUE.equals(left) || Boolean.TRUE.equals(right) ? Boolean.TRUE : null;
            }
        }
        return null;
    }

    /** The check a source method returns in its one statement, with its parameters bound to the call's arguments. */
    private Boolean helperCheck(CtInvocation<?> call, Map<CtParameter<?>, CtExpression<?>> arguments, int helpers) {
        if (helpers >= MAX_HELPERS || !(declarations.executable(call.getExecutable()) instanceof CtMethod<?> helper)
                || helper.getBody() == null || helper.getBody().getStatements().size() != 1
                || !(helper.getBody().getStatement(0) instanceof CtReturn<?> ret) || ret.getReturnedExpression() == null
                || helper.getParameters().size() != call.getArguments().size()) {
            return null;
        }
        Map<CtParameter<?>, CtExpression<?>> bound = new IdentityHashMap<>();
        for (int i = 0; i < call.getArguments().size(); i++) {
            bound.put(helper.getParameters().get(i), bound(call.getArguments().get(i), arguments));
        }
        return onWorker(ret.getReturnedExpression(), bound, helpers + 1);
    }

    /** A read of a followed helper's parameter stands for the argument it was called with. */
    private static CtExpression<?> bound(CtExpression<?> expression, Map<CtParameter<?>, CtExpression<?>> arguments) {
        if (expression instanceof CtVariableRead<?> read && read.getVariable() != null
                && read.getVariable().getDeclaration() instanceof CtParameter<?> parameter) {
            return arguments.getOrDefault(parameter, expression);
        }
        return expression;
    }

    /** What {@code expression} stands for: a bound helper parameter's argument, a local's only value. */
    private static CtExpression<?> valueOf(CtExpression<?> expression, Map<CtParameter<?>, CtExpression<?>> arguments) {
        CtExpression<?> value = bound(expression, arguments);
        CtExpression<?> only = value instanceof CtVariableRead<?> read ? WorkerNames.onlyValue(read) : null;
        return only != null ? only : value;
    }

    private boolean isInForkJoinPool(CtInvocation<?> call) {
        return call.getExecutable() != null && "inForkJoinPool".equals(call.getExecutable().getSimpleName())
                && call.getArguments().isEmpty()
                && (call.getExecutable().getDeclaringType() == null
                    || types.isForkJoinTask(call.getExecutable().getDeclaringType()));
    }

    private static boolean isCurrentThread(CtExpression<?> expression) {
        return expression instanceof CtInvocation<?> call && Apis.CURRENT_THREAD.matchesExactly(call);
    }

    /** The type {@code instanceof} tests: {@code x instanceof T}, or the pattern's {@code x instanceof T t}. */
    private static CtTypeReference<?> testedType(CtExpression<?> tested) {
        return tested instanceof CtTypeAccess<?> type ? type.getAccessedType()
                : tested instanceof CtTypePattern pattern && pattern.getVariable() != null ? pattern.getVariable().getType()
                : null;
    }

    private boolean isWorkerThread(CtTypeReference<?> type) {
        return type != null && (types.is(type, Role.WORKER_THREAD) || "ForkJoinWorkerThread".equals(type.getSimpleName()));
    }
}
