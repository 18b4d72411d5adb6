package org.fjdoctor.refactorings.managedblock;

import java.util.List;

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
import spoon.reflect.declaration.CtField;
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

    /**
     * Why the call cannot move into the blocker at Java {@code javaLevel}, or {@code null} when it can; before
     * Java 8, the effectively final locals and parameters it reads that are not declared final go into
     * {@code toDeclareFinal}: the rewrite declares them final, which changes nothing else.
     */
    static String problem(CtInvocation<?> call, int javaLevel, List<CtVariable<?>> toDeclareFinal) {
        CtExpression<?> target = call.getTarget();
        if (target == null || target instanceof CtThisAccess<?>) {
            return "the call's receiver is this, which inside the anonymous ManagedBlocker would be the blocker";
        }
        Captures captures = new Captures(javaLevel, toDeclareFinal);
        String problem = target instanceof CtTypeAccess<?> ? null : captures.problemIn(target);
        for (CtExpression<?> argument : call.getArguments()) {
            problem = problem != null ? problem : captures.problemIn(argument);
        }
        return problem;
    }

    private final int javaLevel;
    private final List<CtVariable<?>> toDeclareFinal;

    private Captures(int javaLevel, List<CtVariable<?>> toDeclareFinal) {
        this.javaLevel = javaLevel;
        this.toDeclareFinal = toDeclareFinal;
    }

    private String problemIn(CtExpression<?> expression) {
        if (expression instanceof CtLiteral<?> || expression instanceof CtTypeAccess<?>) {
            return null;
        }
        if (expression instanceof CtThisAccess<?> self) {
            return self.isImplicit() ? null
                    : "it reads this, which inside the anonymous ManagedBlocker would be the blocker";
        }
        if (expression instanceof CtFieldRead<?> field) {
            return field.getTarget() == null ? null : problemIn(field.getTarget());
        }
        if (expression instanceof CtVariableRead<?> read) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            if (variable == null || !effectivelyFinal(variable)) {
                return "it reads the local variable '" + read.getVariable().getSimpleName() + "', which is assigned"
                        + " elsewhere, so the anonymous ManagedBlocker cannot capture it (copy it into a final local"
                        + " first)";
            }
            if (!variable.hasModifier(ModifierKind.FINAL) && javaLevel < 8 && !(variable instanceof CtField<?>)) {
                if (!FinalModifier.canDeclare(variable)) {
                    return "it reads the local variable '" + read.getVariable().getSimpleName() + "', which is not"
                            + " declared final, and before Java 8 an anonymous ManagedBlocker can capture only final"
                            + " locals; it shares its declaration with other variables (declare it final first)";
                }
                if (!toDeclareFinal.contains(variable)) {
                    toDeclareFinal.add(variable);
                }
            }
            return null;
        }
        if (expression instanceof CtArrayRead<?> array) {
            return firstProblem(problemIn(array.getTarget()),
                    problemIn(array.getIndexExpression()));
        }
        if (expression instanceof CtBinaryOperator<?> binary) {
            return firstProblem(problemIn(binary.getLeftHandOperand()),
                    problemIn(binary.getRightHandOperand()));
        }
        if (expression instanceof CtUnaryOperator<?> unary && isPure(unary.getKind())) {
            return problemIn(unary.getOperand());
        }
        if (expression instanceof CtConditional<?> conditional) {
            return firstProblem(problemIn(conditional.getCondition()),
                    firstProblem(problemIn(conditional.getThenExpression()),
                            problemIn(conditional.getElseExpression())));
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
