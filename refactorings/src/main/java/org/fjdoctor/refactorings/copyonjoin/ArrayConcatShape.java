package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayAccess;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtArrayTypeReference;

/**
 * Recognizes a task over an index range whose parents only concatenate their children's arrays, left
 * first, so the root's result is its leaves' arrays in range order. compute() of a task over final int
 * fields [from, to) is
 * <pre>
 * if (to - from &lt;= C) { ...; return leafResult; }                        C a non-negative constant
 * m = ..; T left = new T(.., from, m); T right = new T(.., m, to);          an unmodified local m
 * fork/compute/join/invoke/invokeAll of both, keeping E[] lp (left's) and E[] rp (right's)
 * E[] j = new E[lp.length + rp.length]; arraycopy(lp -> j at 0); arraycopy(rp -> j at lp.length);
 *   (or E[] j = Arrays.copyOf(lp, lp.length + rp.length); arraycopy(rp -> j at lp.length);)
 * return j;
 * </pre>
 * When the leaf starts with {@code E[] r = new E[to - from]} and returns r, every result is exactly as long
 * as its range ({@link Shape#leafArray}); otherwise {@link LeafFacts} says what is known about the leaves.
 * Anything else is described by {@link #reason}.
 */
final class ArrayConcatShape {

    /**
     * @param rangeStart the read of the from field in the guard (its text is reused)
     * @param rangeEnd   the read of the to field in the guard
     * @param leafArray  {@code E[] r = new E[to - from];} when it is the leaf block's first statement and the
     *                   leaf returns it (the leaf's result is as long as its range); null otherwise
     * @param leafReturn the leaf block's last statement and only return
     * @param facts      what is known about leaves whose result size is not the range's length
     * @param escapes    uses of the returned local array other than {@code r[..]}, {@code r.length}, the return
     * @param children   the left and the right subtask's construction
     * @param constructor the constructor both children call
     * @param results    {@code E[] lp = left.join();} and the like: their values become unused
     * @param concat     the statements that build the concatenation
     * @param mergeReturn {@code return j;}
     */
    record Shape(CtClass<?> task, CtMethod<?> compute, CtFieldRead<?> rangeStart, CtFieldRead<?> rangeEnd,
                 CtLocalVariable<?> leafArray,
                 CtReturn<?> leafReturn, LeafFacts facts, List<CtVariableAccess<?>> escapes,
                 List<CtConstructorCall<?>> children,
                 CtConstructor<?> constructor, List<CtLocalVariable<?>> results, List<CtStatement> concat,
                 CtReturn<?> mergeReturn) {
    }

    /**
     * @param returnedArray  the leaf's returned local, created in the leaf as {@code new E[..]}; or null
     * @param fresh          the leaf returns a new array: that local, {@code new E[..]} or {@code Arrays.copyOf(..)}
     * @param rangeAllocated the leaf unconditionally creates a {@code new X[to - from]}, so a leaf over a range
     *                       of negative length fails, and every leaf of a completed run has a proper range
     * @param standardSplit  the midpoint is {@code (from + to) >>> 1} or {@code from + (to - from) / 2} and only
     *                       ranges of 2 or more elements split, so no two leaves of a proper split share a start
     */
    record LeafFacts(CtLocalVariable<?> returnedArray, boolean fresh, boolean rangeAllocated, boolean standardSplit) {
    }

    private final Shape shape;
    private final String reason;

    private ArrayConcatShape(Shape shape, String reason) {
        this.shape = shape;
        this.reason = reason;
    }

    Shape shape() {
        return shape;
    }

    /** Why the merge around the copy is not the recognized shape, or null when it is. */
    String reason() {
        return reason;
    }

    /** Thrown while matching: the first way the code differs from the shape. */
    static final class Mismatch extends RuntimeException {
        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    static void require(boolean condition, String reason) {
        if (!condition) {
            throw new Mismatch(reason);
        }
    }

    static ArrayConcatShape around(CtElement copy) {
        try {
            return new ArrayConcatShape(new Matcher(copy).match(), null);
        } catch (Mismatch mismatch) {
            return new ArrayConcatShape(null, mismatch.getMessage());
        }
    }

    private static final class Matcher {
        private final CtElement copy;
        private CtClass<?> task;
        private CtMethod<?> compute;
        private CtField<?> from;
        private CtField<?> to;

        Matcher(CtElement copy) {
            this.copy = copy;
        }

        Shape match() {
            require(copy.getParent(CtExecutable.class) instanceof CtMethod<?> method
                    && method.getSimpleName().equals("compute") && method.getParameters().isEmpty()
                    && method.getBody() != null && method.getDeclaringType() instanceof CtClass<?>,
                    "the concatenation is not written in the task's own compute()");
            compute = copy.getParent(CtMethod.class);
            task = (CtClass<?>) compute.getDeclaringType();
            require(compute.getType() instanceof CtArrayTypeReference<?>, "compute() does not return an array");
            List<CtStatement> body = compute.getBody().getStatements();
            require(!body.isEmpty() && body.get(0) instanceof CtIf guard && guard.getElseStatement() == null
                    && guard.getThenStatement() instanceof CtBlock<?>, "compute() does not start with"
                    + " `if (to - from <= THRESHOLD) { leaf }` followed by the split");
            CtIf guard = (CtIf) body.get(0);
            CtFieldRead<?> rangeStart = matchGuard(guard.getCondition());

            List<CtStatement> leaf = ((CtBlock<?>) guard.getThenStatement()).getStatements();
            CtStatement last = leaf.isEmpty() ? null : leaf.get(leaf.size() - 1);
            require(last instanceof CtReturn<?> ret && ret.getReturnedExpression() != null
                    && returnsIn(guard.getThenStatement()).size() == 1, "the leaf does not end with its only return");
            CtExpression<?> returned = ((CtReturn<?>) last).getReturnedExpression();
            CtLocalVariable<?> leafArray = leaf.stream()
                    .filter(s -> s instanceof CtLocalVariable<?> local && isRead(returned, local)
                            && local.getDefaultExpression() instanceof CtNewArray<?> created
                            && created.getElements().isEmpty() && compute.getType().equals(local.getType()))
                    .<CtLocalVariable<?>>map(s -> (CtLocalVariable<?>) s).findFirst().orElse(null);
            boolean sized = leafArray != null && leafArray == leaf.get(0)
                    && isLength(((CtNewArray<?>) leafArray.getDefaultExpression()).getDimensionExpressions());
            boolean rangeAllocated = leaf.stream().anyMatch(s -> s instanceof CtLocalVariable<?> local
                    && local.getDefaultExpression() instanceof CtNewArray<?> created && created.getElements().isEmpty()
                    && isLength(created.getDimensionExpressions()));
            boolean fresh = leafArray != null || returned instanceof CtNewArray<?>
                    || returned instanceof CtInvocation<?> call && call.getExecutable().getDeclaringType() != null
                    && call.getExecutable().getDeclaringType().getQualifiedName().equals("java.util.Arrays")
                    && (call.getExecutable().getSimpleName().equals("copyOf")
                    || call.getExecutable().getSimpleName().equals("copyOfRange"));
            List<CtVariableAccess<?>> escapes = new ArrayList<>();
            for (CtVariableAccess<?> use : leafArray == null ? List.<CtVariableAccess<?>>of()
                    : OwnedResult.uses(compute, leafArray)) {
                require(!(use instanceof CtVariableWrite<?>), "'" + leafArray.getSimpleName() + "' is reassigned");
                boolean indexed = use.getParent() instanceof CtArrayAccess<?, ?> access && access.getTarget() == use;
                boolean length = use.getParent() instanceof CtFieldRead<?> field && field.getTarget() == use
                        && field.getVariable().getSimpleName().equals("length");
                if (!indexed && !length && use.getParent() != last) {
                    escapes.add(use);
                }
            }
            List<CtConstructorCall<?>> children = new ArrayList<>();
            CtLocalVariable<?> mid = matchSplit(body, children);
            CtConstructor<?> constructor = (CtConstructor<?>) HalfResolved.executableDeclaration(children.get(0).getExecutable());
            List<CtLocalVariable<?>> results = new ArrayList<>();
            List<CtStatement> concat = new ArrayList<>();
            CtReturn<?> mergeReturn = new ConcatenatingMerge(compute).match(body, children, results, concat);
            require(returnsIn(compute.getBody()).size() == 2, "compute() has returns besides the leaf's and the merge's");
            boolean standardSplit = isStandardMidpoint(mid.getDefaultExpression())
                    && constantValue(((CtBinaryOperator<?>) guard.getCondition()).getRightHandOperand())
                    >= (((CtBinaryOperator<?>) guard.getCondition()).getKind() == BinaryOperatorKind.LT ? 2 : 1);
            CtFieldRead<?> rangeEnd = (CtFieldRead<?>) ((CtBinaryOperator<?>) ((CtBinaryOperator<?>) guard.getCondition())
                    .getLeftHandOperand()).getLeftHandOperand();
            return new Shape(task, compute, rangeStart, rangeEnd, sized ? leafArray : null, (CtReturn<?>) last,
                    new LeafFacts(leafArray, fresh, rangeAllocated, standardSplit), escapes, children, constructor,
                    results, concat, mergeReturn);
        }

        /** {@code to - from <= C} or {@code < C}: ranges of length C or less, negative ones too, are leaves. */
        private CtFieldRead<?> matchGuard(CtExpression<?> condition) {
            String shape = "the leaf test is not `to - from <= C` (or `< C`) over final int range fields with a"
                    + " non-negative constant C";
            require(condition instanceof CtBinaryOperator<?> test
                    && (test.getKind() == BinaryOperatorKind.LE || test.getKind() == BinaryOperatorKind.LT)
                    && test.getLeftHandOperand() instanceof CtBinaryOperator<?> length
                    && length.getKind() == BinaryOperatorKind.MINUS
                    && isNonNegativeConstant(test.getRightHandOperand()), shape);
            CtBinaryOperator<?> length = (CtBinaryOperator<?>) ((CtBinaryOperator<?>) condition).getLeftHandOperand();
            to = ownField(length.getLeftHandOperand());
            from = ownField(length.getRightHandOperand());
            require(to != null && from != null && to != from, shape);
            return (CtFieldRead<?>) length.getRightHandOperand();
        }

        /** A final int field of the task read on {@code this}, or null. */
        private CtField<?> ownField(CtExpression<?> expression) {
            if (!(expression instanceof CtFieldRead<?> read)
                    || !(read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>)) {
                return null;
            }
            CtField<?> field = read.getVariable().getDeclaration();
            if (field != null && field.getDeclaringType() == task && field.isFinal() && !field.isStatic()
                    && field.getType() != null && field.getType().getSimpleName().equals("int")) {
                return field;
            }
            return null;
        }

        /** Whether {@code dimensions} is the single dimension {@code to - from}. */
        private boolean isLength(List<? extends CtExpression<?>> dimensions) {
            return dimensions.size() == 1 && isLength(dimensions.get(0));
        }

        private boolean isLength(CtExpression<?> expression) {
            return expression instanceof CtBinaryOperator<?> minus && minus.getKind() == BinaryOperatorKind.MINUS
                    && ownField(minus.getLeftHandOperand()) == to && ownField(minus.getRightHandOperand()) == from;
        }

        private static boolean isNonNegativeConstant(CtExpression<?> expression) {
            return constantValue(expression) >= 0;
        }

        /** The value of an int literal or of a static final field initialized with one; -1 when unknown. */
        private static int constantValue(CtExpression<?> expression) {
            if (expression instanceof CtLiteral<?> literal) {
                return literal.getValue() instanceof Integer value && value >= 0 ? value : -1;
            }
            if (!(expression instanceof CtFieldRead<?> read)) {
                return -1;
            }
            CtField<?> field = read.getVariable().getDeclaration();
            return field != null && field.isStatic() && field.isFinal() ? constantValue(field.getDefaultExpression()) : -1;
        }

        /**
         * The two children: {@code new T(.., from, m)} and {@code new T(.., m, to)} of one constructor that
         * stores those parameters in the range fields, with m an unmodified local.
         */
        private CtLocalVariable<?> matchSplit(List<CtStatement> body, List<CtConstructorCall<?>> children) {
            String shape = "the subtasks are not two locals `new " + task.getSimpleName() + "(.., " + from.getSimpleName()
                    + ", mid)` and `new " + task.getSimpleName() + "(.., mid, " + to.getSimpleName() + ")` of one"
                    + " constructor that stores those bounds";
            List<CtConstructorCall<?>> constructions = new ArrayList<>();
            for (CtConstructorCall<?> call : CodeScan.elementsIn(compute.getBody(), CtConstructorCall.class)) {
                if (call.getType() != null && call.getType().getQualifiedName().equals(task.getQualifiedName())) {
                    require(!(call instanceof CtNewClass<?>) && call.getParent() instanceof CtLocalVariable<?> local
                            && body.contains(local), shape);
                    constructions.add(call);
                }
            }
            require(constructions.size() == 2
                    && HalfResolved.executableDeclaration(constructions.get(0).getExecutable()) instanceof CtConstructor<?>
                    && HalfResolved.executableDeclaration(constructions.get(1).getExecutable())
                    == HalfResolved.executableDeclaration(constructions.get(0).getExecutable()), shape);
            CtConstructor<?> constructor = (CtConstructor<?>) HalfResolved.executableDeclaration(constructions.get(0).getExecutable());
            require(constructor.getDeclaringType() == task && constructor.getBody() != null
                    && constructor.getPosition().isValidPosition(), shape);
            require(constructor.getParameters().stream().noneMatch(CtParameter::isVarArgs)
                    && constructor.getThrownTypes().isEmpty(), "the subtasks' constructor has varargs or declares"
                    + " exceptions, so a twin with two more parameters is not written automatically");
            int fromIndex = storedParameter(constructor, from);
            int toIndex = storedParameter(constructor, to);
            require(fromIndex >= 0 && toIndex >= 0, shape);
            CtConstructorCall<?> left = null;
            CtConstructorCall<?> right = null;
            CtLocalVariable<?> mid = null;
            for (CtConstructorCall<?> call : constructions) {
                CtExpression<?> start = call.getArguments().get(fromIndex);
                CtExpression<?> end = call.getArguments().get(toIndex);
                if (ownField(start) == from && end instanceof CtVariableRead<?> read
                        && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local) {
                    left = call;
                    mid = mid == null || mid == local ? local : null;
                } else if (ownField(end) == to && start instanceof CtVariableRead<?> read
                        && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local) {
                    right = call;
                    mid = mid == null || mid == local ? local : null;
                }
            }
            require(left != null && right != null && mid != null && body.contains(mid)
                    && OwnedResult.uses(compute, mid).stream().noneMatch(u -> u instanceof CtVariableWrite<?>), shape);
            children.add(left);
            children.add(right);
            return mid;
        }

        /** {@code (from + to) >>> 1} or {@code from + (to - from) / 2}, over the range fields. */
        private boolean isStandardMidpoint(CtExpression<?> mid) {
            if (!(mid instanceof CtBinaryOperator<?> op)) {
                return false;
            }
            if (op.getKind() == BinaryOperatorKind.USR) {
                return op.getRightHandOperand() instanceof CtLiteral<?> one && Integer.valueOf(1).equals(one.getValue())
                        && op.getLeftHandOperand() instanceof CtBinaryOperator<?> sum
                        && sum.getKind() == BinaryOperatorKind.PLUS && ownField(sum.getLeftHandOperand()) == from
                        && ownField(sum.getRightHandOperand()) == to;
            }
            return op.getKind() == BinaryOperatorKind.PLUS && ownField(op.getLeftHandOperand()) == from
                    && op.getRightHandOperand() instanceof CtBinaryOperator<?> half
                    && half.getKind() == BinaryOperatorKind.DIV && isLength(half.getLeftHandOperand())
                    && half.getRightHandOperand() instanceof CtLiteral<?> two && Integer.valueOf(2).equals(two.getValue());
        }

        /** The index of the parameter that the constructor stores, unmodified, in {@code field}; -1 if none. */
        private static int storedParameter(CtConstructor<?> constructor, CtField<?> field) {
            for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(constructor.getBody(), CtAssignment.class)) {
                if (assignment.getParent() == constructor.getBody()
                        && assignment.getAssigned() instanceof CtFieldWrite<?> write
                        && write.getVariable().getDeclaration() == field
                        && assignment.getAssignment() instanceof CtVariableRead<?> read
                        && read.getVariable().getDeclaration() instanceof CtParameter<?> parameter
                        && OwnedResult.uses(constructor, parameter).stream().noneMatch(u -> u instanceof CtVariableWrite<?>)) {
                    return constructor.getParameters().indexOf(parameter);
                }
            }
            return -1;
        }

        /** The returns of {@code root} that leave compute() itself (not a lambda's or a local class's). */
        private List<CtReturn<?>> returnsIn(CtElement root) {
            List<CtReturn<?>> returns = new ArrayList<>();
            for (CtReturn<?> ret : CodeScan.elementsIn(root, CtReturn.class)) {
                if (ret.getParent(CtExecutable.class) == compute) {
                    returns.add(ret);
                }
            }
            return returns;
        }
    }

    static boolean isRead(CtExpression<?> expression, CtVariable<?> variable) {
        return expression instanceof CtVariableRead<?> read && read.getVariable() != null
                && read.getVariable().getDeclaration() == variable;
    }
}
