package org.fjdoctor.refactorings.copyonfork;

import java.util.Set;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtVariableRead;

/** When translated index arithmetic needs parentheses to keep the meaning it had. */
final class Precedence {

    /** Operators binding looser than binary minus: {@code to - from} needs no parentheses as their operand. */
    private static final Set<BinaryOperatorKind> LOOSER = Set.of(BinaryOperatorKind.LT, BinaryOperatorKind.LE,
            BinaryOperatorKind.GT, BinaryOperatorKind.GE, BinaryOperatorKind.EQ, BinaryOperatorKind.NE,
            BinaryOperatorKind.AND, BinaryOperatorKind.OR, BinaryOperatorKind.BITAND, BinaryOperatorKind.BITOR,
            BinaryOperatorKind.BITXOR);
    /** Operators that make {@code from + e} read as {@code from + (e)} without parentheses. */
    private static final Set<BinaryOperatorKind> ADDEND_SAFE = Set.of(BinaryOperatorKind.PLUS, BinaryOperatorKind.MINUS,
            BinaryOperatorKind.MUL, BinaryOperatorKind.DIV, BinaryOperatorKind.MOD);

    private Precedence() {
    }

    /** Whether {@code to - from} can replace {@code expression} (an int) without parentheses. */
    static boolean standsAlone(spoon.reflect.declaration.CtElement expression) {
        spoon.reflect.declaration.CtElement parent = expression.getParent();
        if (parent instanceof CtBinaryOperator<?> binary) {
            return LOOSER.contains(binary.getKind())
                    || (binary.getKind() == BinaryOperatorKind.PLUS || binary.getKind() == BinaryOperatorKind.MINUS)
                    && binary.getLeftHandOperand() == expression;
        }
        return !(parent instanceof CtExpression<?>) || parent instanceof CtInvocation<?>
                || parent instanceof spoon.reflect.code.CtAssignment<?, ?>
                || parent instanceof CtArrayRead<?> read && read.getIndexExpression() == expression;
    }

    /**
     * {@code base + expression} ({@code rendered} being the text of {@code expression}), or just {@code base}
     * when the expression is the literal {@code 0}: {@code data[0]} becomes {@code data[from]}, not
     * {@code data[from + 0]}.
     */
    static String offset(String base, spoon.reflect.declaration.CtElement expression, String rendered) {
        boolean zero = expression instanceof CtLiteral<?> literal && literal.getTypeCasts().isEmpty()
                && literal.getValue() instanceof Number number && !(number instanceof Double || number instanceof Float)
                && number.longValue() == 0;
        return zero ? base : base + " + " + asAddend(expression, rendered);
    }

    /** {@code rendered} (the text of {@code expression}) as the right operand of {@code from + }. */
    static String asAddend(spoon.reflect.declaration.CtElement expression, String rendered) {
        boolean simple = expression instanceof CtExpression<?> e && e.getTypeCasts().isEmpty()
                && (e instanceof CtVariableRead<?> || e instanceof CtLiteral<?> || e instanceof CtInvocation<?>
                || e instanceof CtArrayRead<?>
                || e instanceof CtBinaryOperator<?> binary && ADDEND_SAFE.contains(binary.getKind()));
        return simple ? rendered : "(" + rendered + ")";
    }
}
