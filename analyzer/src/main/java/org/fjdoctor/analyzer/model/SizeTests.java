package org.fjdoctor.analyzer.model;

import java.util.regex.Pattern;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * The parts of a comparison of an input's size with a constant ({@code hi - lo < THRESHOLD}, {@code n >= 8192}),
 * as real code writes them: shared by the rules that ask how large the work behind a branch is.
 */
public final class SizeTests {

    /** Integral variables that hold a size, by the names real code gives them ({@code n}, {@code len}, {@code size}). */
    private static final Pattern SIZE_NAME = Pattern.compile(
            "(n|len|length|size|count|num|cnt|remaining|[a-z]\\w*(Size|Length|Len|Count))");

    private SizeTests() {
    }

    /** A range's size: {@code hi - lo}, {@code a.length}, {@code list.size()}, or a variable named like one. */
    public static boolean isSize(CtExpression<?> expression) {
        if (expression instanceof CtBinaryOperator<?> difference && difference.getKind() == BinaryOperatorKind.MINUS) {
            return constant(difference.getLeftHandOperand()) == null && constant(difference.getRightHandOperand()) == null;
        }
        if (expression instanceof CtFieldRead<?> read && read.getVariable().getSimpleName().equals("length")
                && read.getTarget() != null && read.getTarget().getType() != null && read.getTarget().getType().isArray()) {
            return true;
        }
        if (expression instanceof CtInvocation<?> call && call.getArguments().isEmpty()
                && (call.getExecutable().getSimpleName().equals("size") || call.getExecutable().getSimpleName().equals("length"))) {
            return true;
        }
        return expression instanceof CtVariableRead<?> read && isIntegral(read.getType())
                && SIZE_NAME.matcher(read.getVariable().getSimpleName()).matches();
    }

    /** {@code int}, {@code long} or {@code short}, boxed or not. */
    public static boolean isIntegral(CtTypeReference<?> type) {
        if (type == null) {
            return false;
        }
        String name = type.unbox().getQualifiedName();
        return name.equals("int") || name.equals("long") || name.equals("short");
    }

    /** An integer literal, or a static final field initialized with one; {@code null} otherwise. */
    public static Long constant(CtExpression<?> expression) {
        if (expression instanceof CtLiteral<?> literal && literal.getValue() instanceof Number number
                && !(number instanceof Double) && !(number instanceof Float)) {
            return number.longValue();
        }
        if (expression instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            if (field != null && field.hasModifier(ModifierKind.STATIC) && field.hasModifier(ModifierKind.FINAL)) {
                return constant(field.getDefaultExpression());
            }
        }
        return null;
    }

    /**
     * A comparison of an expression with a constant, read with the expression on the left ({@code 8192 <= n} is
     * {@code n >= 8192}).
     */
    public record Bound(CtExpression<?> size, BinaryOperatorKind kind, long bound) {
    }

    /**
     * {@code comparison} as a bound on one side's value when the other side is a constant, where {@code holds} is the
     * comparison that holds (its own kind, or its negation on the side where it is false); {@code null} when neither
     * side is a constant.
     */
    public static Bound againstConstant(CtBinaryOperator<?> comparison, BinaryOperatorKind holds) {
        Long right = constant(comparison.getRightHandOperand());
        if (right != null) {
            return new Bound(comparison.getLeftHandOperand(), holds, right);
        }
        Long left = constant(comparison.getLeftHandOperand());
        return left == null ? null : new Bound(comparison.getRightHandOperand(), flip(holds), left);
    }

    /** The comparison that holds when {@code kind} does not; {@code null} for no comparison. */
    public static BinaryOperatorKind negate(BinaryOperatorKind kind) {
        return switch (kind) {
            case LT -> BinaryOperatorKind.GE;
            case LE -> BinaryOperatorKind.GT;
            case GT -> BinaryOperatorKind.LE;
            case GE -> BinaryOperatorKind.LT;
            case EQ -> BinaryOperatorKind.NE;
            case NE -> BinaryOperatorKind.EQ;
            default -> null;
        };
    }

    /** {@code k < n} is {@code n > k}. */
    public static BinaryOperatorKind flip(BinaryOperatorKind kind) {
        return switch (kind) {
            case LT -> BinaryOperatorKind.GT;
            case LE -> BinaryOperatorKind.GE;
            case GT -> BinaryOperatorKind.LT;
            case GE -> BinaryOperatorKind.LE;
            default -> kind;
        };
    }
}
