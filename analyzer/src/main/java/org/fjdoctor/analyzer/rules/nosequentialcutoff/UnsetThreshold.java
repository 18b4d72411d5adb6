package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.SizeTests;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtAnonymousExecutable;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;

/**
 * A threshold the subtasks never get: the split compares the size with an instance field of the task
 * ({@code mLength < mThreshold}) that only the root's constructor or a setter assigns, while the constructor the
 * split calls leaves it unset. The field is 0 in every subtask, so below the root the task splits down to single
 * elements however large the root's threshold.
 */
final class UnsetThreshold {

    /** How many {@code this(..)} calls a constructor is followed through. */
    private static final int MAX_CHAIN = 4;

    private UnsetThreshold() {
    }

    /**
     * The field {@code comparison} compares a size with, when the subtasks {@code method} creates are all built by
     * constructors of its class that never assign it, and nothing in {@code method} sets it afterwards; else
     * {@code null}.
     */
    static CtField<?> in(CtMethod<?> method, CtBinaryOperator<?> comparison) {
        CtType<?> task = method.getDeclaringType();
        CtField<?> field = thresholdOf(comparison, task);
        if (field == null || !(task instanceof CtClass<?> taskClass) || method.getBody() == null) {
            return null;
        }
        for (CtAnonymousExecutable initializer : taskClass.getAnonymousExecutables()) {
            if (writes(initializer, field)) {
                return null;
            }
        }
        if (writes(method, field) || settersCalled(method, field)) {
            return null; // child.setThreshold(threshold), child.threshold = threshold
        }
        boolean built = false;
        for (CtConstructorCall<?> call : CodeScan.elementsIn(method.getBody(), CtConstructorCall.class)) {
            CtExecutable<?> constructor = call.getExecutable() == null ? null : call.getExecutable().getExecutableDeclaration();
            if (call.getType() == null || call.getType().getTypeDeclaration() != task) {
                continue;
            }
            if (call instanceof CtNewClass<?> || !(constructor instanceof CtConstructor<?> declared)
                    || assigns(declared, field, MAX_CHAIN)) {
                return null;
            }
            built = true;
        }
        return built ? field : null;
    }

    /**
     * The field of {@code task} compared with a size ({@code mLength < mThreshold}): an instance field, not final,
     * with no initializer, so 0 wherever no code assigns it.
     */
    private static CtField<?> thresholdOf(CtBinaryOperator<?> comparison, CtType<?> task) {
        CtExpression<?> left = comparison.getLeftHandOperand();
        CtExpression<?> right = comparison.getRightHandOperand();
        CtExpression<?> bound = SizeTests.isSize(left) ? right : SizeTests.isSize(right) ? left : null;
        if (!(bound instanceof CtFieldRead<?> read) || read.getVariable() == null
                || read.getTarget() != null && !(read.getTarget() instanceof CtThisAccess<?>)) {
            return null;
        }
        CtField<?> field = read.getVariable().getFieldDeclaration();
        return field != null && field.getDeclaringType() == task && !field.hasModifier(ModifierKind.STATIC)
                && !field.hasModifier(ModifierKind.FINAL) && field.getDefaultExpression() == null
                && SizeTests.isIntegral(field.getType()) ? field : null;
    }

    /** Whether {@code constructor}, or one it delegates to by {@code this(..)}, assigns {@code field}. */
    private static boolean assigns(CtConstructor<?> constructor, CtField<?> field, int chain) {
        if (constructor.getBody() == null || writes(constructor, field)) {
            return true;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(constructor.getBody(), CtInvocation.class)) {
            if (call.getExecutable() != null && call.getExecutable().getExecutableDeclaration() instanceof CtConstructor<?> other
                    && other.getDeclaringType() == constructor.getDeclaringType()
                    && (chain == 0 || assigns(other, field, chain - 1))) {
                return true; // this(..), or a chain too long to follow
            }
        }
        return false;
    }

    /** Whether {@code method} calls a source method that assigns {@code field} (a setter on the new subtask). */
    private static boolean settersCalled(CtMethod<?> method, CtField<?> field) {
        for (CtInvocation<?> call : CodeScan.elementsIn(method.getBody(), CtInvocation.class)) {
            CtExecutable<?> target = call.getExecutable() == null ? null : call.getExecutable().getExecutableDeclaration();
            if (target != null && target != method && target.getBody() != null && writes(target, field)) {
                return true;
            }
        }
        return false;
    }

    private static boolean writes(CtElement code, CtField<?> field) {
        return CodeScan.elementsIn(code, CtFieldWrite.class).stream()
                .anyMatch(write -> write.getVariable() != null && write.getVariable().getFieldDeclaration() == field);
    }
}
