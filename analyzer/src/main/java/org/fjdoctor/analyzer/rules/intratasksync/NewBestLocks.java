package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A lock taken only when a task finds a new best value: {@code if (length < bound) { bound = length; update(..); }}
 * with {@code update} synchronized. The branch tightens the bound it compared against, so it runs only on a
 * record, and records in a sequence are few (a harmonic number of them for values in random order, fewer still
 * when the bound also starts from a good guess, as branch and bound does); the lock is not taken per element.
 */
final class NewBestLocks {

    private NewBestLocks() {
    }

    /** A private synchronized method that every call in its top-level class makes inside a new-best branch. */
    static boolean synchronizedOnNewBest(CtMethod<?> method) {
        CtType<?> owner = method.getDeclaringType();
        while (owner != null && owner.getDeclaringType() != null) {
            owner = owner.getDeclaringType(); // calls from nested task classes are in the top-level class too
        }
        if (!method.hasModifier(ModifierKind.PRIVATE) || owner == null) {
            return false;
        }
        List<CtInvocation<?>> calls = new ArrayList<>();
        for (CtInvocation<?> call : owner.getElements(new TypeFilter<CtInvocation<?>>(CtInvocation.class))) {
            if (call.getExecutable() != null && call.getExecutable().getExecutableDeclaration() == method) {
                calls.add(call);
            }
        }
        return !calls.isEmpty() && calls.stream().allMatch(NewBestLocks::onNewBest);
    }

    /** Inside the then-branch of an {@code if} in its own executable that compares with a bound and tightens it. */
    static boolean onNewBest(CtElement at) {
        CtExecutable<?> in = at.getParent(CtExecutable.class);
        for (CtIf check = at.getParent(CtIf.class); check != null && check.getParent(CtExecutable.class) == in;
                check = check.getParent(CtIf.class)) {
            if (check.getThenStatement() != null && (at == check.getThenStatement() || at.hasParent(check.getThenStatement()))
                    && tightens(check.getCondition(), check.getThenStatement())) {
                return true;
            }
        }
        return false;
    }

    /** An ordering comparison among the condition's conjuncts whose variable side the branch assigns. */
    private static boolean tightens(CtExpression<?> condition, CtElement branch) {
        if (condition instanceof CtBinaryOperator<?> and && and.getKind() == BinaryOperatorKind.AND) {
            return tightens(and.getLeftHandOperand(), branch) || tightens(and.getRightHandOperand(), branch);
        }
        if (!(condition instanceof CtBinaryOperator<?> comparison) || !ORDERING.contains(comparison.getKind())) {
            return false;
        }
        for (CtExpression<?> side : List.of(comparison.getLeftHandOperand(), comparison.getRightHandOperand())) {
            CtVariableReference<?> bound = side instanceof CtVariableRead<?> read ? read.getVariable() : null;
            if (bound != null && CodeScan.elementsIn(branch, CtAssignment.class).stream()
                    .anyMatch(assignment -> assignment.getAssigned() instanceof CtVariableWrite<?> write
                            && bound.equals(write.getVariable()))) {
                return true;
            }
        }
        return false;
    }

    private static final java.util.Set<BinaryOperatorKind> ORDERING = java.util.Set.of(BinaryOperatorKind.LT,
            BinaryOperatorKind.LE, BinaryOperatorKind.GT, BinaryOperatorKind.GE);
}
