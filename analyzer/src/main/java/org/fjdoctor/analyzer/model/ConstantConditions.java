package org.fjdoctor.analyzer.model;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;

/**
 * Conditions the compiler decides: a {@code boolean} literal, a {@code static final boolean} field initialized with
 * one ({@code if (Config.DEBUG)} over {@code static final boolean DEBUG = false}), and {@code !}, {@code &&} and
 * {@code ||} of them. The branch such a condition rules out is dead code (javac drops it), so it runs on no worker.
 */
final class ConstantConditions {

    /** How many fields a constant is followed through ({@code A = B; B = false}). */
    private static final int MAX_FIELDS = 3;

    private ConstantConditions() {
    }

    /** The value of {@code condition} when the compiler knows it, else {@code null}. */
    static Boolean value(CtExpression<?> condition) {
        return value(condition, MAX_FIELDS);
    }

    private static Boolean value(CtExpression<?> condition, int fields) {
        if (condition instanceof CtLiteral<?> literal) {
            return literal.getValue() instanceof Boolean known ? known : null;
        }
        if (condition instanceof CtUnaryOperator<?> not && not.getKind() == UnaryOperatorKind.NOT) {
            Boolean inner = value(not.getOperand(), fields);
            return inner == null ? null : !inner;
        }
        if (condition instanceof CtBinaryOperator<?> binary
                && (binary.getKind() == BinaryOperatorKind.AND || binary.getKind() == BinaryOperatorKind.OR)) {
            boolean and = binary.getKind() == BinaryOperatorKind.AND;
            Boolean left = value(binary.getLeftHandOperand(), fields);
            Boolean right = value(binary.getRightHandOperand(), fields);
            // false && x is false, true || x is true, whatever x is
            if (Boolean.valueOf(!and).equals(left) || Boolean.valueOf(!and).equals(right)) {
                return !and;
            }
            return left != null && right != null ? and : null;
        }
        if (condition instanceof CtFieldRead<?> read && fields > 0 && read.getVariable() != null) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            if (field != null && field.hasModifier(ModifierKind.STATIC) && field.hasModifier(ModifierKind.FINAL)
                    && field.getDefaultExpression() != null) {
                return value(field.getDefaultExpression(), fields - 1);
            }
        }
        return null;
    }
}
