package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import java.util.List;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * A base case that is no size at all but the end of the structure the task walks: a null node
 * ({@code node == null}), the goal of a path ({@code path.last() == destination}), the full depth of a
 * search ({@code step == N}). Each task then handles one node, one step, one element: when the leaf does
 * no work of its own, nothing cuts the recursion off early. A depth budget counted down to zero, or a
 * bound named as a cutoff ({@code depth == maxDepth}, {@code level == threshold}), is a cutoff.
 */
final class StructureEnd {

    /** Names of chosen bounds: comparing with one of these is a cutoff, not the structure's end. */
    private static final Pattern CHOSEN = Pattern.compile("(?i:threshold|cutoff|limit|grain|granularity|min|max|depth"
            + "|level|budget)\\w*|\\w*(Threshold|Cutoff|Limit|Grain|Granularity|Min|Max|Depth|Level|Budget|THRESHOLD"
            + "|CUTOFF|LIMIT|MIN|MAX|DEPTH|LEVEL)\\w*");

    /** Leaf calls that only report a solution found: printing one is no sequential work. */
    private static final Pattern OUTPUT = Pattern.compile("(print|log|show|display|dump|output|write)\\w*");

    private StructureEnd() {
    }

    /** The {@code ==} comparison that holds exactly at the leaf, when it is a structure's end; else {@code null}. */
    static CtBinaryOperator<?> of(CtExpression<?> condition, boolean trueAtLeaf) {
        if (!(condition instanceof CtBinaryOperator<?> comparison)
                || comparison.getKind() != (trueAtLeaf ? BinaryOperatorKind.EQ : BinaryOperatorKind.NE)) {
            return null;
        }
        CtExpression<?> left = comparison.getLeftHandOperand();
        CtExpression<?> right = comparison.getRightHandOperand();
        if (isNull(left) || isNull(right)) {
            return comparison;
        }
        if (isNumber(left) || isNumber(right) || chosen(left) || chosen(right)) {
            return null; // depth == 0 counts a budget down; a literal is a size, judged elsewhere
        }
        return comparison;
    }

    /** {@code low >= 0}, {@code a != null}: a check on the input, not on the leaf's size. */
    static boolean isSanityCheck(CtExpression<?> part) {
        if (!(part instanceof CtBinaryOperator<?> comparison)) {
            return false;
        }
        return isNull(comparison.getLeftHandOperand()) || isNull(comparison.getRightHandOperand())
                || isZeroOrMinusOne(comparison.getLeftHandOperand()) || isZeroOrMinusOne(comparison.getRightHandOperand());
    }

    /**
     * Whether the leaf does no work worth a task: no loop, and no call of a method that loops or calls on,
     * except one that prints or logs what was found.
     */
    static boolean trivialLeaf(ForkJoinModel model, List<? extends CtElement> leafCode) {
        for (CtElement code : leafCode) {
            if (!CodeScan.elementsIn(code, CtLoop.class).isEmpty()) {
                return false;
            }
            for (CtAbstractInvocation<?> call : CodeScan.elementsIn(code, CtAbstractInvocation.class)) {
                if (reportsOnly(call)) {
                    continue;
                }
                for (CtExecutable<?> target : model.callTargets(call)) {
                    if (!CodeScan.elementsIn(target, CtLoop.class).isEmpty()
                            || !CodeScan.elementsIn(target, CtAbstractInvocation.class).isEmpty()) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** A call that prints or logs what the leaf found ({@code printColors(colors)}): no work of the search. */
    static boolean reportsOnly(CtAbstractInvocation<?> call) {
        return call.getExecutable() != null && OUTPUT.matcher(call.getExecutable().getSimpleName()).matches();
    }

    private static boolean chosen(CtExpression<?> expression) {
        for (CtVariableAccess<?> access : CodeScan.elementsIn(expression, CtVariableAccess.class)) {
            if (access.getVariable() != null && CHOSEN.matcher(access.getVariable().getSimpleName()).matches()) {
                return true;
            }
        }
        return false;
    }

    private static boolean isNull(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> literal && literal.getValue() == null;
    }

    private static boolean isNumber(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> literal && literal.getValue() instanceof Number
                || expression instanceof CtUnaryOperator<?> negative && isNumber(negative.getOperand());
    }

    private static boolean isZeroOrMinusOne(CtExpression<?> expression) {
        if (expression instanceof CtUnaryOperator<?> negative && negative.getOperand() instanceof CtLiteral<?> one) {
            return one.getValue() instanceof Number number && number.longValue() == 1;
        }
        return expression instanceof CtLiteral<?> literal && literal.getValue() instanceof Number number
                && number.longValue() == 0;
    }
}
