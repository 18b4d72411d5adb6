package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.SizeTests;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.ModifierKind;

/**
 * What a comparison that chooses between a task's leaf and its split says about the leaf's size: a single
 * element or a few ({@link Cutoff#SINGLE}), a named threshold ({@link Cutoff#THRESHOLD}), or neither.
 *
 * @param comparison the comparison that decides, with the compared size and the range's two ends when known
 */
record LeafDecision(Cutoff cutoff, CtBinaryOperator<?> comparison, CtExpression<?> size, String low, String high) {

    /** What a comparison says about the leaf's size. */
    enum Cutoff { SINGLE, THRESHOLD, UNKNOWN }

    /**
     * The largest leaf that is still no sequential cutoff: a base case of two or three elements (or a second
     * base case for two) leaves a task tree about as large as one split to single elements.
     */
    private static final long FEW = 3;

    private static final LeafDecision UNKNOWN = new LeafDecision(Cutoff.UNKNOWN, null, null, null, null);
    private static final LeafDecision THRESHOLD = new LeafDecision(Cutoff.THRESHOLD, null, null, null, null);

    /** What {@code condition} says about the leaf when it is true at the leaf ({@code trueAtLeaf}) or at the split. */
    static LeafDecision decide(CtExpression<?> condition, boolean trueAtLeaf) {
        if (!(condition instanceof CtBinaryOperator<?> operator)) {
            return UNKNOWN;
        }
        BinaryOperatorKind kind = operator.getKind();
        if (kind == BinaryOperatorKind.AND && !trueAtLeaf) {
            return splitGuard(operator);
        }
        if (kind == BinaryOperatorKind.OR || kind == BinaryOperatorKind.AND) {
            if (kind == BinaryOperatorKind.AND || !trueAtLeaf) {
                return THRESHOLD; // a second condition (depth, queued tasks) also decides: a cutoff of its own kind
            }
            LeafDecision left = decide(operator.getLeftHandOperand(), true);
            LeafDecision right = decide(operator.getRightHandOperand(), true);
            return left.cutoff() == Cutoff.SINGLE && right.cutoff() == Cutoff.SINGLE ? left
                    : left.cutoff() == Cutoff.UNKNOWN && right.cutoff() == Cutoff.UNKNOWN ? UNKNOWN : THRESHOLD;
        }
        BinaryOperatorKind atLeaf = trueAtLeaf ? kind : SizeTests.negate(kind);
        if (atLeaf == null) {
            return UNKNOWN;
        }
        SizeTests.Bound compared = SizeTests.againstConstant(operator, atLeaf);
        if (compared == null) {
            return twoBounds(operator, atLeaf);
        }
        CtExpression<?> size = compared.size();
        if (!SizeTests.isSize(size)) {
            return UNKNOWN;
        }
        long largestLeaf = switch (compared.kind()) {
            case LE, EQ -> compared.bound();
            case LT -> compared.bound() - 1;
            default -> Long.MAX_VALUE; // leaves above a size: not a base case of this kind
        };
        if (largestLeaf == Long.MAX_VALUE) {
            return UNKNOWN;
        }
        if (largestLeaf > FEW) {
            return THRESHOLD;
        }
        String low = null;
        String high = null;
        if (size instanceof CtBinaryOperator<?> difference && difference.getKind() == BinaryOperatorKind.MINUS
                && difference.getLeftHandOperand() instanceof CtVariableRead<?> h
                && difference.getRightHandOperand() instanceof CtVariableRead<?> l) {
            high = h.getVariable().getSimpleName();
            low = l.getVariable().getSimpleName();
        }
        return new LeafDecision(Cutoff.SINGLE, operator, size, low, high);
    }

    /**
     * A split taken when every part of an {@code &&} holds ({@code low >= 0 && high >= 0 && low < high}):
     * sanity checks against zero, minus one or {@code null} decide nothing about the leaf's size, so the
     * one size or range test decides. Any other part (a depth, a flag) is a cutoff of its own.
     */
    private static LeafDecision splitGuard(CtBinaryOperator<?> operator) {
        LeafDecision decided = UNKNOWN;
        for (CtExpression<?> part : conjuncts(operator)) {
            LeafDecision decision = decide(part, false);
            if (decision.cutoff() == Cutoff.SINGLE && decided.cutoff() == Cutoff.UNKNOWN) {
                decided = decision;
            } else if (decision.cutoff() != Cutoff.UNKNOWN || !StructureEnd.isSanityCheck(part)) {
                return THRESHOLD;
            }
        }
        return decided;
    }

    private static List<CtExpression<?>> conjuncts(CtExpression<?> condition) {
        if (condition instanceof CtBinaryOperator<?> and && and.getKind() == BinaryOperatorKind.AND) {
            List<CtExpression<?>> parts = new ArrayList<>(conjuncts(and.getLeftHandOperand()));
            parts.addAll(conjuncts(and.getRightHandOperand()));
            return parts;
        }
        return List.of(condition);
    }

    /** {@code lo >= hi}, {@code from == to}, {@code lo + 1 >= hi} at the leaf: a range of at most one element. */
    private static LeafDecision twoBounds(CtBinaryOperator<?> operator, BinaryOperatorKind atLeaf) {
        boolean sized = SizeTests.isSize(operator.getLeftHandOperand())
                || SizeTests.isSize(operator.getRightHandOperand());
        boolean bounds = !sized && isBound(operator.getLeftHandOperand()) && isBound(operator.getRightHandOperand());
        if (sized || namedConstant(operator.getLeftHandOperand()) || namedConstant(operator.getRightHandOperand())) {
            return THRESHOLD; // n <= threshold, m <= THRESHOLD: a size against a variable or configured bound
        }
        if (!bounds) {
            return UNKNOWN;
        }
        if (atLeaf != BinaryOperatorKind.EQ && atLeaf != BinaryOperatorKind.GE && atLeaf != BinaryOperatorKind.LE) {
            return UNKNOWN;
        }
        // lo + 1 >= hi: the left end is the low bound; hi <= lo: the right one
        String left = boundName(operator.getLeftHandOperand());
        String right = boundName(operator.getRightHandOperand());
        return atLeaf == BinaryOperatorKind.GE ? new LeafDecision(Cutoff.SINGLE, operator, null, left, right)
                : atLeaf == BinaryOperatorKind.LE ? new LeafDecision(Cutoff.SINGLE, operator, null, right, left)
                : new LeafDecision(Cutoff.SINGLE, operator, null, null, null);
    }

    private static String boundName(CtExpression<?> bound) {
        CtExpression<?> variable = bound instanceof CtBinaryOperator<?> sum ? sum.getLeftHandOperand() : bound;
        return ((CtVariableRead<?>) variable).getVariable().getSimpleName();
    }

    /** An integral variable, or one plus or minus a constant: one end of a range. */
    private static boolean isBound(CtExpression<?> expression) {
        if (expression instanceof CtBinaryOperator<?> sum && (sum.getKind() == BinaryOperatorKind.PLUS
                || sum.getKind() == BinaryOperatorKind.MINUS)) {
            Long step = SizeTests.constant(sum.getRightHandOperand());
            return step != null && step <= 1 && isIntegralRead(sum.getLeftHandOperand());
        }
        return isIntegralRead(expression);
    }

    /**
     * A static final field whose value is not a literal ({@code THRESHOLD = Integer.getInteger(.., 1000)}): a
     * constant configured once for the program, which no task's split moves, so a threshold and not a range end.
     */
    private static boolean namedConstant(CtExpression<?> expression) {
        return expression instanceof CtFieldRead<?> read && read.getVariable().getFieldDeclaration() != null
                && read.getVariable().getFieldDeclaration().hasModifier(ModifierKind.STATIC)
                && read.getVariable().getFieldDeclaration().hasModifier(ModifierKind.FINAL);
    }

    private static boolean isIntegralRead(CtExpression<?> expression) {
        return expression instanceof CtVariableRead<?> read && SizeTests.isIntegral(read.getType());
    }

}
