package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * Double-checked locking written with early returns: {@code if (known(t)) return; lock; try { if (known(t))
 * return; add(t); } finally { unlock; }}. The lock is only taken when the lock-free check failed, and the locked
 * code repeats that very check first, which is how code says the slow path runs once per new key (a schema that
 * learns a type, a table that grows): once the state is there, no caller takes the lock. How often the check
 * fails is not visible; the repeated check is the author's statement that it rarely does.
 */
public final class RecheckedLocks {

    private RecheckedLocks() {
    }

    /**
     * Whether {@code call}, a lock or a call that takes one ({@code lockWrite()} in a try-with-resources), or a
     * {@code synchronized} block, runs only after an {@code if (C) return;} earlier in its block, and the region
     * the lock guards (the synchronized body, the try that follows the lock, or the try whose resource it is)
     * holds an {@code if (C) return;} with the same condition among its statements.
     */
    public static boolean behindEarlyReturn(CtElement call) {
        CtStatement statement = statementIn(call);
        if (statement == null || !(statement.getParent() instanceof CtBlock<?> block)) {
            return false;
        }
        List<CtStatement> statements = block.getStatements();
        int at = statements.indexOf(statement);
        CtBlock<?> guarded = null;
        if (statement instanceof CtTryWithResource resources && resources.getResources().stream()
                .anyMatch(resource -> call == resource || call.hasParent(resource))) {
            guarded = resources.getBody();
        } else if (statement == call && statement instanceof CtSynchronized monitor) {
            guarded = monitor.getBlock();
        } else if (statement == call && at + 1 < statements.size() && statements.get(at + 1) instanceof CtTry next) {
            guarded = next.getBody();
        }
        if (guarded == null || at < 0) {
            return false;
        }
        List<String> before = new ArrayList<>();
        for (CtStatement earlier : statements.subList(0, at)) {
            String condition = earlyReturn(earlier);
            if (condition != null) {
                before.add(condition);
            }
        }
        for (CtStatement inside : guarded.getStatements()) {
            String condition = earlyReturn(inside);
            if (condition != null && before.contains(condition)) {
                return true;
            }
        }
        return false;
    }

    /** The statement of its block that holds {@code element}, within the same executable. */
    private static CtStatement statementIn(CtElement element) {
        CtExecutable<?> in = element.getParent(CtExecutable.class);
        for (CtElement e = element; e != null && e != in && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtStatement statement && e.getParent() instanceof CtBlock<?>) {
                return statement;
            }
        }
        return null;
    }

    /** The condition of {@code if (C) return ..;} (without else), as text, or {@code null}. */
    private static String earlyReturn(CtStatement statement) {
        if (!(statement instanceof CtIf check) || check.getElseStatement() != null || check.getCondition() == null) {
            return null;
        }
        CtStatement then = check.getThenStatement();
        if (then instanceof CtBlock<?> body && body.getStatements().size() == 1) {
            then = body.getStatement(0);
        }
        return then instanceof CtReturn<?> ? check.getCondition().toString() : null;
    }

    /**
     * Whether {@code element} runs inside a {@code synchronized} block of its executable that is only entered on a
     * lookup miss the block looks up again ({@link #recheckedLookup}): a wait there happens once per missing key
     * (opening a connection per address), not once per call.
     */
    public static boolean inLookupMissLock(CtElement element) {
        CtExecutable<?> in = element.getParent(CtExecutable.class);
        for (CtSynchronized lock = element.getParent(CtSynchronized.class);
                lock != null && lock.getParent(CtExecutable.class) == in; lock = lock.getParent(CtSynchronized.class)) {
            CtIf outer = lock.getParent(CtIf.class);
            if (outer != null && outer.getParent(CtExecutable.class) == in && outer.getThenStatement() != null
                    && lock.hasParent(outer.getThenStatement()) && recheckedLookup(outer.getCondition(), lock.getBlock())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A lookup miss checked again under the lock: {@code v = table.get(k); if (v == -1) { synchronized (l) {
     * v = table.get(k); if (v == -1) ... } }}, the same local compared with the same constant before the lock and
     * after it is looked up again inside. The lock is taken once per missing key, not once per call.
     */
    public static boolean recheckedLookup(CtExpression<?> condition, CtElement guarded) {
        for (CtBinaryOperator<?> before : equalities(condition)) {
            String local = localCompared(before);
            if (local == null || CodeScan.elementsIn(guarded, CtVariableWrite.class).stream()
                    .noneMatch(write -> write.getVariable() != null && local.equals(write.getVariable().getSimpleName()))) {
                continue;
            }
            for (CtIf inner : CodeScan.elementsIn(guarded, CtIf.class)) {
                for (CtBinaryOperator<?> after : equalities(inner.getCondition())) {
                    if (local.equals(localCompared(after)) && constantOf(after).equals(constantOf(before))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static List<CtBinaryOperator<?>> equalities(CtExpression<?> condition) {
        List<CtBinaryOperator<?>> found = new java.util.ArrayList<>();
        for (CtBinaryOperator<?> comparison : CodeScan.elementsIn(condition, CtBinaryOperator.class)) {
            if ((comparison.getKind() == BinaryOperatorKind.EQ || comparison.getKind() == BinaryOperatorKind.NE)
                    && constantOf(comparison) != null) {
                found.add(comparison);
            }
        }
        return found;
    }

    /**
     * The local variable a comparison with a constant tests, or {@code null}: a plain read ({@code v == null}) or
     * the local an assignment inside the comparison stores ({@code (v = map.get(k)) == null}), the same test
     * written in one expression.
     */
    private static String localCompared(CtBinaryOperator<?> comparison) {
        CtExpression<?> other = isConstant(comparison.getRightHandOperand()) ? comparison.getLeftHandOperand()
                : comparison.getRightHandOperand();
        if (other instanceof CtAssignment<?, ?> assignment
                && !(assignment instanceof CtOperatorAssignment<?, ?>)) {
            other = assignment.getAssigned();
            return other instanceof CtVariableWrite<?> write && !(other instanceof CtFieldWrite<?>)
                    && write.getVariable() != null && write.getVariable().getDeclaration() instanceof CtLocalVariable<?>
                    ? write.getVariable().getSimpleName() : null;
        }
        return other instanceof CtVariableRead<?> read && !(other instanceof CtFieldRead<?>) && read.getVariable() != null
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> ? read.getVariable().getSimpleName() : null;
    }

    /** The literal side of a comparison as text ({@code null}, {@code -1}), or {@code null} when neither side is one. */
    private static String constantOf(CtBinaryOperator<?> comparison) {
        CtExpression<?> right = comparison.getRightHandOperand();
        CtExpression<?> left = comparison.getLeftHandOperand();
        CtExpression<?> constant = isConstant(right) ? right : isConstant(left) ? left : null;
        return constant == null ? null : comparison.getKind() + " " + constant;
    }

    private static boolean isConstant(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> || expression instanceof CtUnaryOperator<?> minus
                && minus.getKind() == UnaryOperatorKind.NEG && minus.getOperand() instanceof CtLiteral<?>;
    }
}
