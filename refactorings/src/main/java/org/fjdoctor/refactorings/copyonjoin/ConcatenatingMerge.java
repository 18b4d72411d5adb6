package org.fjdoctor.refactorings.copyonjoin;

import static org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.isRead;
import static org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.require;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtMethod;

/**
 * The part of {@link ArrayConcatShape} after the split: the two subtasks are only run, their results kept
 * in locals, and those are concatenated, left's first, into a fresh array that compute() returns.
 */
final class ConcatenatingMerge {

    private static final Set<String> RUNS = Set.of("fork", "join", "compute", "invoke");
    private static final Set<String> VALUES = Set.of("join", "compute", "invoke");

    private final CtMethod<?> compute;

    ConcatenatingMerge(CtMethod<?> compute) {
        this.compute = compute;
    }

    /**
     * After the split: only runs of the two children (their values kept in locals), then the concatenation
     * of left's and right's results in that order, then its return.
     */
    CtReturn<?> match(List<CtStatement> body, List<CtConstructorCall<?>> children, List<CtLocalVariable<?>> results,
                      List<CtStatement> concat) {
        CtLocalVariable<?> left = (CtLocalVariable<?>) children.get(0).getParent();
        CtLocalVariable<?> right = (CtLocalVariable<?>) children.get(1).getParent();
        Set<CtStatement> runs = new HashSet<>();
        CtLocalVariable<?> leftResult = null;
        CtLocalVariable<?> rightResult = null;
        int i = body.indexOf(right) > body.indexOf(left) ? body.indexOf(right) + 1 : body.indexOf(left) + 1;
        String shape = "the merge is not: run both subtasks (fork/compute/join/invoke), keep their arrays in"
                + " locals, concatenate left's then right's with System.arraycopy or Arrays.copyOf, return it";
        for (; i < body.size(); i++) {
            CtStatement statement = body.get(i);
            if (statement instanceof CtLocalVariable<?> local && local.getDefaultExpression() instanceof CtInvocation<?> call
                    && VALUES.contains(call.getExecutable().getSimpleName()) && call.getArguments().isEmpty()
                    && (isRead(call.getTarget(), left) || isRead(call.getTarget(), right))) {
                require(compute.getType().equals(local.getType()), shape);
                if (isRead(call.getTarget(), left)) {
                    require(leftResult == null, shape);
                    leftResult = local;
                } else {
                    require(rightResult == null, shape);
                    rightResult = local;
                }
                results.add(local);
            } else if (statement instanceof CtInvocation<?> call && isRun(call, left, right)) {
                runs.add(call);
            } else {
                break;
            }
        }
        require(leftResult != null && rightResult != null, shape);
        for (CtLocalVariable<?> child : List.of(left, right)) {
            for (CtVariableAccess<?> use : OwnedResult.uses(compute, child)) {
                require(use.getParent() instanceof CtInvocation<?> call && (runs.contains(call)
                        || results.stream().anyMatch(r -> r.getDefaultExpression() == call)), shape);
            }
        }
        require(i < body.size() - 1 && body.get(body.size() - 1) instanceof CtReturn<?>, shape);
        concat.addAll(body.subList(i, body.size() - 1));
        CtReturn<?> ret = (CtReturn<?>) body.get(body.size() - 1);
        require(concatenates(concat, leftResult, rightResult, ret), shape);
        return ret;
    }

    private static boolean isRun(CtInvocation<?> call, CtLocalVariable<?> left, CtLocalVariable<?> right) {
        if (RUNS.contains(call.getExecutable().getSimpleName()) && call.getArguments().isEmpty()) {
            return isRead(call.getTarget(), left) || isRead(call.getTarget(), right);
        }
        return Apis.INVOKE_ALL.matchesExactly(call) && call.getArguments().size() == 2
                && isRead(call.getArguments().get(0), left) && isRead(call.getArguments().get(1), right);
    }

    /** The statements put {@code lp} at 0 and {@code rp} right after it in a fresh array, which is returned. */
    private boolean concatenates(List<CtStatement> statements, CtLocalVariable<?> lp, CtLocalVariable<?> rp,
                                 CtReturn<?> ret) {
        if (statements.size() < 2 || !(statements.get(0) instanceof CtLocalVariable<?> joined)
                || !compute.getType().equals(joined.getType()) || !isRead(ret.getReturnedExpression(), joined)) {
            return false;
        }
        CtExpression<?> init = joined.getDefaultExpression();
        boolean copiesLeft = init instanceof CtInvocation<?> copyOf && copyOf.getExecutable().getSimpleName().equals("copyOf")
                && copyOf.getExecutable().getDeclaringType() != null
                && copyOf.getExecutable().getDeclaringType().getQualifiedName().equals("java.util.Arrays")
                && copyOf.getArguments().size() == 2 && isRead(copyOf.getArguments().get(0), lp)
                && isSumOfLengths(copyOf.getArguments().get(1), lp, rp);
        boolean fresh = init instanceof CtNewArray<?> created && created.getElements().isEmpty()
                && created.getDimensionExpressions().size() == 1
                && isSumOfLengths(created.getDimensionExpressions().get(0), lp, rp);
        List<CtStatement> copies = statements.subList(1, statements.size());
        boolean leftCopied = copiesLeft;
        boolean rightCopied = false;
        for (CtStatement statement : copies) {
            if (!leftCopied && fresh && isArraycopy(statement, lp, joined, null)) {
                leftCopied = true;
            } else if (!rightCopied && isArraycopy(statement, rp, joined, lp)) {
                rightCopied = true;
            } else {
                return false;
            }
        }
        if (!leftCopied || !rightCopied) {
            return false;
        }
        for (CtLocalVariable<?> local : List.of(lp, rp, joined)) {
            for (CtVariableAccess<?> use : OwnedResult.uses(compute, local)) {
                CtStatement statement = use.getParent(CtStatement.class);
                while (statement != null && !statements.contains(statement) && statement != ret) {
                    statement = statement.getParent(CtStatement.class);
                }
                if (statement == null || use instanceof CtVariableWrite<?>) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@code System.arraycopy(source, 0, target, offset, source.length)}, offset 0 or {@code after.length}. */
    private static boolean isArraycopy(CtStatement statement, CtLocalVariable<?> source, CtLocalVariable<?> target,
                                       CtLocalVariable<?> after) {
        if (!(statement instanceof CtInvocation<?> call) || !Apis.ARRAYCOPY.matchesExactly(call)) {
            return false;
        }
        List<CtExpression<?>> args = call.getArguments();
        boolean offset = after == null ? isZero(args.get(3)) : isLengthOf(args.get(3), after);
        return isRead(args.get(0), source) && isZero(args.get(1)) && isRead(args.get(2), target) && offset
                && isLengthOf(args.get(4), source);
    }

    private static boolean isSumOfLengths(CtExpression<?> expression, CtLocalVariable<?> lp, CtLocalVariable<?> rp) {
        return expression instanceof CtBinaryOperator<?> sum && sum.getKind() == BinaryOperatorKind.PLUS
                && isLengthOf(sum.getLeftHandOperand(), lp) && isLengthOf(sum.getRightHandOperand(), rp);
    }

    private static boolean isLengthOf(CtExpression<?> expression, CtLocalVariable<?> array) {
        return expression instanceof CtFieldRead<?> read && read.getVariable().getSimpleName().equals("length")
                && isRead(read.getTarget(), array);
    }

    private static boolean isZero(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> literal && Integer.valueOf(0).equals(literal.getValue());
    }
}
