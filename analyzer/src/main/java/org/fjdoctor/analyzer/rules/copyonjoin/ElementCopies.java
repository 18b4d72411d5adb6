package org.fjdoctor.analyzer.rules.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.ValueOrigins;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayAccess;
import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtArrayWrite;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Hand-written copies of joined results into a new container: a loop that fills an array this task allocates
 * with elements of its subtasks' arrays ({@code combined[r][c] = left[r][c] + right[r][c]}), or that adds each
 * element of a joined collection to a collection it makes (with {@code new} or a factory method). Such a
 * container exists only to merge what the subtasks could have written into one shared output (or one of them
 * into the other, in place).
 *
 * <p>Only an element read as it is, or the sum of at most two joined elements: a loop whose written value
 * computes anything else (calls, products, other data, more than two results as in Strassen's combination) is
 * an arithmetic combine the algorithm needs, not a copy; so is a merge that picks the next element by comparing
 * them (merge sort's merge step).
 */
final class ElementCopies {

    /**
     * A copying loop, the statement that copies one element (an array store, an {@code add}/{@code put} call),
     * the container it fills, and the join whose result it reads.
     */
    record ElementCopy(CtLoop loop, CtStatement write, String container, CtInvocation<?> join) {
    }

    private static final Set<String> ADDS = Set.of("add", "put", "addLast", "offer");
    /** How many joined results a copy's element may add up. */
    private static final int MAX_ADDENDS = 2;

    private ElementCopies() {
    }

    static List<ElementCopy> in(ForkJoinModel model) {
        ForkJoinApi api = model.api();
        List<ElementCopy> found = new ArrayList<>();
        for (CtLoop loop : model.taskCodeElements(CtLoop.class)) {
            ElementCopy copy = arrayCopy(api, loop);
            if (copy == null) {
                copy = collectionCopy(api, loop);
            }
            if (copy != null) {
                found.add(copy);
            }
        }
        return found;
    }

    /** {@code fresh[i] = joined[i]} or {@code fresh[r][c] = left[r][c] + right[r][c]}, in this loop's own body. */
    private static ElementCopy arrayCopy(ForkJoinApi api, CtLoop loop) {
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(loop.getBody(), CtAssignment.class)) {
            if (assignment instanceof CtOperatorAssignment<?, ?> || assignment.getParent(CtLoop.class) != loop
                    || !(assignment.getAssigned() instanceof CtArrayWrite<?> write)) {
                continue;
            }
            CtVariableRead<?> array = base(write);
            if (array == null || !allocatedHere(array) || choosesByElement(assignment, loop)) {
                continue;
            }
            List<CtInvocation<?>> joins = new ArrayList<>();
            if (joinedElements(api, assignment.getAssignment(), joins) && !joins.isEmpty() && joins.size() <= MAX_ADDENDS) {
                return new ElementCopy(loop, assignment, array.getVariable().getSimpleName(), joins.get(0));
            }
        }
        return null;
    }

    /** {@code for (T e : left.join()) fresh.add(e);}: a hand-written addAll into a container made here. */
    private static ElementCopy collectionCopy(ForkJoinApi api, CtLoop loop) {
        if (!(loop instanceof CtForEach each) || !(only(each.getBody()) instanceof CtInvocation<?> add)
                || add.getExecutable() == null || !ADDS.contains(add.getExecutable().getSimpleName())
                || !(add.getTarget() instanceof CtVariableRead<?> container)
                || !(container.getVariable() instanceof CtLocalVariableReference<?>) || !madeHere(api, container)) {
            return null;
        }
        boolean addsElement = add.getArguments().stream().anyMatch(argument -> argument instanceof CtVariableRead<?> read
                && read.getVariable() != null && read.getVariable().getDeclaration() == each.getVariable());
        CtInvocation<?> join = joinOf(api, each.getExpression());
        return addsElement && join != null
                ? new ElementCopy(loop, add, container.getVariable().getSimpleName(), join) : null;
    }

    /**
     * A store under an {@code if} that compares elements ({@code if (left[i] <= right[j]) merged[k++] = left[i++];}):
     * a merge that orders the elements, which the algorithm needs (merge sort), not a copy.
     */
    private static boolean choosesByElement(CtAssignment<?, ?> assignment, CtLoop loop) {
        for (CtIf branch = assignment.getParent(CtIf.class); branch != null && branch.hasParent(loop);
             branch = branch.getParent(CtIf.class)) {
            if (!CodeScan.elementsIn(branch.getCondition(), CtArrayRead.class).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code value} only reads elements of joined arrays, adding them up; collects their joins. */
    private static boolean joinedElements(ForkJoinApi api, CtExpression<?> value, List<CtInvocation<?>> joins) {
        if (value instanceof CtBinaryOperator<?> sum && sum.getKind() == BinaryOperatorKind.PLUS) {
            return joinedElements(api, sum.getLeftHandOperand(), joins)
                    && joinedElements(api, sum.getRightHandOperand(), joins);
        }
        if (!(value instanceof CtArrayRead<?> element) || !value.getTypeCasts().isEmpty()) {
            return false;
        }
        CtVariableRead<?> array = base(element);
        CtInvocation<?> join = array == null ? null : joinOf(api, array);
        if (join == null) {
            return false;
        }
        joins.add(join);
        return true;
    }

    /** The variable an element access starts from: {@code grid} of {@code grid[r][c]}. */
    private static CtVariableRead<?> base(CtArrayAccess<?, ?> access) {
        CtExpression<?> target = access.getTarget();
        while (target instanceof CtArrayAccess<?, ?> outer) {
            target = outer.getTarget();
        }
        return target instanceof CtVariableRead<?> read ? read : null;
    }

    /** A local whose every value is an array this code allocates by size ({@code new int[rows][cols]}). */
    private static boolean allocatedHere(CtVariableRead<?> array) {
        if (!(array.getVariable() instanceof CtLocalVariableReference<?>)) {
            return false;
        }
        List<ValueOrigins.Origin> origins = ValueOrigins.of(array);
        return origins.stream().allMatch(origin -> origin.expression() instanceof CtNewArray<?> made
                && made.getElements().isEmpty() && !made.getDimensionExpressions().isEmpty());
    }

    /** A local container made by a constructor or a factory call, never a subtask's result. */
    private static boolean madeHere(ForkJoinApi api, CtVariableRead<?> container) {
        List<ValueOrigins.Origin> origins = ValueOrigins.of(container);
        return origins.stream().allMatch(origin -> origin.expression() instanceof CtConstructorCall<?>
                || origin.expression() instanceof CtInvocation<?> call && !api.isSubtaskResult(call));
    }

    /** The subtask-result call ({@code join()}, {@code compute()} of a subtask, ..) that a value may come from. */
    private static CtInvocation<?> joinOf(ForkJoinApi api, CtExpression<?> value) {
        for (ValueOrigins.Origin origin : ValueOrigins.of(value)) {
            if (origin.through() == null && origin.expression() instanceof CtInvocation<?> call && api.isSubtaskResult(call)) {
                return call;
            }
        }
        return null;
    }

    private static CtStatement only(CtStatement body) {
        if (body instanceof CtBlock<?> block) {
            return block.getStatements().size() == 1 ? block.getStatement(0) : null;
        }
        return body;
    }
}
