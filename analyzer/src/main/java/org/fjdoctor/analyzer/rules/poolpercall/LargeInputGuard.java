package org.fjdoctor.analyzer.rules.poolpercall;

import java.util.List;

import org.fjdoctor.analyzer.model.SizeTests;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * A pool built only for a large input: on the side of a size test against a threshold of at least
 * {@link #LARGE} elements where the input is at least that large ({@code if (to - from < NO_FORK) { sort
 * sequentially } else { pool = new ForkJoinPool(); .. }}), or after an early return for the small side. Each such
 * pool serves one long operation, whose work outweighs starting the pool's threads.
 */
final class LargeInputGuard {

    /**
     * The smallest threshold that makes the guarded side a long operation: a thousand elements or more is far more
     * work per pool than starting its workers, while a base case of a few elements says nothing.
     */
    static final long LARGE = 1000;

    private LargeInputGuard() {
    }

    /** Whether {@code creation} runs in {@code home} only when a size test has found the input large. */
    static boolean onlyForLargeInputs(CtElement creation, CtExecutable<?> home) {
        CtElement child = creation;
        for (CtElement parent = creation.getParent(); parent != null && parent != home; parent = parent.getParent()) {
            if (parent instanceof CtIf branch && child != branch.getCondition()
                    && large(branch.getCondition(), child == branch.getThenStatement())) {
                return true;
            }
            if (parent instanceof CtConditional<?> choice && child != choice.getCondition()
                    && large(choice.getCondition(), child == choice.getThenExpression())) {
                return true;
            }
            if (parent instanceof CtBlock<?> block && child instanceof CtStatement statement
                    && afterASmallInputExit(block, statement)) {
                return true;
            }
            child = parent;
        }
        return false;
    }

    /** An earlier statement of the block leaves it for small inputs: {@code if (n < LIMIT) { ..; return; }}. */
    private static boolean afterASmallInputExit(CtBlock<?> block, CtStatement statement) {
        List<CtStatement> statements = block.getStatements();
        for (CtStatement earlier : statements.subList(0, Math.max(0, statements.indexOf(statement)))) {
            if (earlier instanceof CtIf exit && exit.getElseStatement() == null && leaves(exit.getThenStatement())
                    && large(exit.getCondition(), false)) {
                return true;
            }
        }
        return false;
    }

    private static boolean leaves(CtStatement statement) {
        CtStatement last = statement instanceof CtBlock<?> block && !block.getStatements().isEmpty()
                ? block.getStatements().get(block.getStatements().size() - 1) : statement;
        return last instanceof CtReturn<?> || last instanceof CtThrow;
    }

    /** Whether {@code condition}, when it is {@code holds}, says that a size is at least {@link #LARGE}. */
    private static boolean large(CtExpression<?> condition, boolean holds) {
        if (!(condition instanceof CtBinaryOperator<?> comparison)) {
            return false;
        }
        BinaryOperatorKind kind = holds ? comparison.getKind() : SizeTests.negate(comparison.getKind());
        if (kind == null) {
            return false;
        }
        SizeTests.Bound compared = SizeTests.againstConstant(comparison, kind);
        if (compared == null || !SizeTests.isSize(compared.size())) {
            return false;
        }
        return (compared.kind() == BinaryOperatorKind.GE || compared.kind() == BinaryOperatorKind.GT)
                && compared.bound() >= LARGE;
    }
}
