package org.fjdoctor.refactorings.managedblock;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Whether a blocking call's receiver and arguments mean the same inside an anonymous
 * {@code ManagedBlocker}'s {@code block()}: only literals, constants, field reads and reads of
 * effectively final locals and parameters (which an anonymous class may capture; before Java 8 only those
 * declared final), and operators over
 * them. Such reads have no effect, so evaluating them in {@code block()} (once, on the same thread,
 * right where the statement ran before) is unobservable. {@code this} is refused: inside the blocker it
 * would be the blocker.
 */
final class Captures {

    private Captures() {
    }

    /** Why the call cannot move into the blocker at Java {@code javaLevel}, or {@code null} when it can. */
    static String problem(CtInvocation<?> call, int javaLevel) {
        CtExpression<?> target = call.getTarget();
        if (target == null || target instanceof CtThisAccess<?>) {
            return "the call's receiver is this, which inside the anonymous ManagedBlocker would be the blocker";
        }
        String problem = target instanceof CtTypeAccess<?> ? null : problemIn(target, javaLevel);
        for (CtExpression<?> argument : call.getArguments()) {
            problem = problem != null ? problem : problemIn(argument, javaLevel);
        }
        return problem;
    }

    private static String problemIn(CtExpression<?> expression, int javaLevel) {
        if (expression instanceof CtLiteral<?> || expression instanceof CtTypeAccess<?>) {
            return null;
        }
        if (expression instanceof CtThisAccess<?> self) {
            return self.isImplicit() ? null
                    : "it reads this, which inside the anonymous ManagedBlocker would be the blocker";
        }
        if (expression instanceof CtFieldRead<?> field) {
            return field.getTarget() == null ? null : problemIn(field.getTarget(), javaLevel);
        }
        if (expression instanceof CtVariableRead<?> read) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            if (variable != null && !variable.hasModifier(ModifierKind.FINAL)
                    && javaLevel < 8) {
                return "it reads the local variable '" + read.getVariable().getSimpleName() + "', which is not"
                        + " declared final, and before Java 8 an anonymous ManagedBlocker can capture only final"
                        + " locals (declare it final first)";
            }
            return variable != null && effectivelyFinal(variable) ? null : "it reads the local variable '"
                    + read.getVariable().getSimpleName() + "', which is assigned elsewhere, so the anonymous"
                    + " ManagedBlocker cannot capture it (copy it into a final local first)";
        }
        if (expression instanceof CtArrayRead<?> array) {
            return firstProblem(problemIn(array.getTarget(), javaLevel),
                    problemIn(array.getIndexExpression(), javaLevel));
        }
        if (expression instanceof CtBinaryOperator<?> binary) {
            return firstProblem(problemIn(binary.getLeftHandOperand(), javaLevel),
                    problemIn(binary.getRightHandOperand(), javaLevel));
        }
        if (expression instanceof CtUnaryOperator<?> unary && isPure(unary.getKind())) {
            return problemIn(unary.getOperand(), javaLevel);
        }
        if (expression instanceof CtConditional<?> conditional) {
            return firstProblem(problemIn(conditional.getCondition(), javaLevel),
                    firstProblem(problemIn(conditional.getThenExpression(), javaLevel),
                            problemIn(conditional.getElseExpression(), javaLevel)));
        }
        return "an argument or the receiver is not a plain read of variables, fields or constants ('"
                + expression + "'), so it would run inside block() instead";
    }

    private static String firstProblem(String first, String second) {
        return first != null ? first : second;
    }

    private static boolean isPure(UnaryOperatorKind kind) {
        return kind == UnaryOperatorKind.NEG || kind == UnaryOperatorKind.POS || kind == UnaryOperatorKind.NOT
                || kind == UnaryOperatorKind.COMPL;
    }

    /**
     * Declared final, or initialized where declared (a for-each variable by the loop) and never
     * written anywhere in the method or lambda that declares it. A local declared without a value and
     * assigned once is effectively final in Java too, but is refused here: proving a single definite
     * assignment is not worth it.
     */
    static boolean effectivelyFinal(CtVariable<?> variable) {
        if (variable.hasModifier(ModifierKind.FINAL)) {
            return true;
        }
        if (variable instanceof CtLocalVariable<?> local && local.getDefaultExpression() == null
                && !(local.getParent() instanceof CtForEach)) {
            return false;
        }
        CtExecutable<?> scope = variable.getParent(CtExecutable.class);
        return scope != null && scope.getElements(new TypeFilter<>(CtVariableWrite.class)).stream()
                .noneMatch(write -> write.getVariable().getDeclaration() == variable);
    }
}
