package org.fjdoctor.analyzer.model;

import java.util.Set;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;

/**
 * Lazy initialisation behind a null check: {@code if (scheduler == null) { scheduler = Kompics.getScheduler(); }},
 * or behind a negative "not computed yet" value: {@code if (count.get() < 0L) { lock; count.set(size()); }}.
 * What the branch runs (a lock in the getter, a synchronized block) runs once per object, or once per program
 * for a static field, because the branch sets the very field it tested: after the first call no task gets there.
 * Like double-checked locking ({@link RecheckedLocks}) it costs a worker nothing per task. A branch that does not
 * set the field it tested runs again on every call, and stays a finding.
 */
public final class LazyInitialisation {

    private LazyInitialisation() {
    }

    /**
     * Whether {@code element}, reached by {@code reach}, runs only while a field is still unset: it sits in
     * such a branch itself, or a call on the one path task code reaches its method by does.
     */
    public static boolean onlyOnce(CtElement element, Reach reach) {
        return inLazyBranch(element)
                || reach != null && reach.steps().stream().anyMatch(step -> inLazyBranch(step.callSite()));
    }

    /** Inside the then-branch of {@code if (f == null)} (in the same method) whose branch assigns {@code f}. */
    static boolean inLazyBranch(CtElement element) {
        if (element == null) {
            return false;
        }
        CtExecutable<?> in = element.getParent(CtExecutable.class);
        CtElement inner = element;
        for (CtElement e = element; e != null && e != in && e.isParentInitialized(); inner = e, e = e.getParent()) {
            if (e instanceof CtIf check && check.getThenStatement() == inner && check.getElseStatement() == null) {
                CtField<?> field = nullCheckedField(check.getCondition());
                field = field != null ? field : unsetSentinelField(check.getCondition());
                if (field != null && assigns(check.getThenStatement(), field)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The field {@code f} of a condition {@code f == null}, else {@code null}. */
    private static CtField<?> nullCheckedField(CtExpression<?> condition) {
        if (!(condition instanceof CtBinaryOperator<?> comparison) || comparison.getKind() != BinaryOperatorKind.EQ) {
            return null;
        }
        CtExpression<?> checked = comparedWithNull(comparison);
        return checked instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : null;
    }

    /**
     * The field {@code f} of a condition that tests it for a negative "not computed yet" value, {@code f < 0},
     * {@code f == -1} or {@code f.get() < 0L} on an atomic field (a lazily counted length), else {@code null}.
     */
    private static CtField<?> unsetSentinelField(CtExpression<?> condition) {
        if (!(condition instanceof CtBinaryOperator<?> comparison)) {
            return null;
        }
        BinaryOperatorKind kind = comparison.getKind();
        Long right = integer(comparison.getRightHandOperand());
        boolean unset = right != null && (kind == BinaryOperatorKind.EQ && right < 0 || kind == BinaryOperatorKind.LT
                && right <= 0 || kind == BinaryOperatorKind.LE && right < 0);
        return unset ? fieldOf(comparison.getLeftHandOperand()) : null;
    }

    /** An integer literal, negated or not, else {@code null}. */
    private static Long integer(CtExpression<?> expression) {
        if (expression instanceof CtUnaryOperator<?> minus && minus.getKind() == UnaryOperatorKind.NEG) {
            Long value = integer(minus.getOperand());
            return value == null ? null : -value;
        }
        return expression instanceof CtLiteral<?> literal && (literal.getValue() instanceof Integer
                || literal.getValue() instanceof Long) ? ((Number) literal.getValue()).longValue() : null;
    }

    /** The field a value is read from: {@code f}, or {@code f.get()} of an atomic. */
    private static CtField<?> fieldOf(CtExpression<?> value) {
        if (value instanceof CtInvocation<?> get && get.getArguments().isEmpty() && get.getExecutable() != null
                && get.getExecutable().getSimpleName().startsWith("get")) {
            value = get.getTarget();
        }
        return value instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : null;
    }

    /** The side of {@code comparison} that is compared with the {@code null} literal, or {@code null}. */
    public static CtExpression<?> comparedWithNull(CtBinaryOperator<?> comparison) {
        CtExpression<?> left = comparison.getLeftHandOperand();
        CtExpression<?> right = comparison.getRightHandOperand();
        return isNull(right) ? left : isNull(left) ? right : null;
    }

    private static boolean isNull(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> literal && literal.getValue() == null;
    }

    /**
     * Whether {@code branch} sets {@code field} itself, or calls a method of the sources that does
     * ({@code if (morph == null) { init(); }} with {@code init()} setting {@code morph} under a lock).
     */
    private static boolean assigns(CtElement branch, CtField<?> field) {
        return setsDirectly(branch, field) || CodeScan.elementsIn(branch, CtInvocation.class).stream()
                .map(call -> call.getExecutable() == null ? null : call.getExecutable().getExecutableDeclaration())
                .anyMatch(called -> called instanceof CtMethod<?> method && method.getBody() != null
                        && setsDirectly(method.getBody(), field));
    }

    private static boolean setsDirectly(CtElement branch, CtField<?> field) {
        return CodeScan.elementsIn(branch, CtFieldWrite.class).stream().anyMatch(write -> write.getVariable() != null
                && field.getSimpleName().equals(write.getVariable().getSimpleName())
                && write.getVariable().getFieldDeclaration() == field)
                || CodeScan.elementsIn(branch, CtInvocation.class).stream().anyMatch(call -> call.getExecutable() != null
                        && ATOMIC_SETTERS.contains(call.getExecutable().getSimpleName())
                        && call.getTarget() instanceof CtFieldRead<?> read && read.getVariable() != null
                        && field.getSimpleName().equals(read.getVariable().getSimpleName())
                        && read.getVariable().getFieldDeclaration() == field);
    }

    /** The methods that store a value in an atomic field ({@code count.set(n)}). */
    private static final Set<String> ATOMIC_SETTERS = Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease",
            "compareAndSet", "getAndSet");
}
