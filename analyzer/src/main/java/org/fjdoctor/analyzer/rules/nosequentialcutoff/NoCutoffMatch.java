package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtMethod;

/**
 * A task that splits down to single elements: its {@code compute()}, the comparison that decides
 * between leaf and split ({@code to - from <= 1}), whether that comparison is true for the leaf (an
 * {@code if} whose then-branch is the leaf) or for the split ({@code if (n > 1) { fork.. }},
 * {@code while (hi - lo > 1)}), and the leaf's code ({@code null} when the leaf is the code after a
 * splitting loop).
 *
 * @param rangeLoop the leaf's loop over the task's range ({@code for (int i = lo; i < hi; i++)}), or {@code null}
 *                 when the leaf handles its one element without one
 * @param size     the size compared ({@code to - from}, {@code n}, {@code list.size()}), or {@code null} for two
 *                 bounds compared with each other ({@code lo >= hi})
 * @param sizeLow  the low bound of the range when the size is {@code high - low} ({@code from}), else {@code null}
 * @param sizeHigh the high bound of the range when the size is {@code high - low} ({@code to}), else {@code null}
 */
public record NoCutoffMatch(CtMethod<?> compute, CtBinaryOperator<?> comparison, boolean trueAtLeaf,
                            CtStatement leaf, CtLoop rangeLoop, CtExpression<?> size, String sizeLow, String sizeHigh) implements Match {
}
