package org.fjdoctor.analyzer.model;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;

/**
 * Lazy initialisation behind a null check: {@code if (scheduler == null) { scheduler = Kompics.getScheduler(); }}.
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
                && write.getVariable().getFieldDeclaration() == field);
    }
}
