package org.fjdoctor.refactorings.copyonfork;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Recognizes a subtask argument that is a slice copy of an array field of the task itself
 * ({@code Arrays.copyOfRange(data, a, b)}, {@code Arrays.copyOf(data, n)}, {@code data.clone()}, or a fresh
 * array filled by {@code System.arraycopy(data, s, part, 0, n)}), and what range of the field it holds.
 */
final class ArraySlices {

    /** How much is known about a slice bound, relative to the copied field. */
    enum BoundKind {
        /** The literal 0. */
        ZERO,
        /** {@code data.length}. */
        LENGTH,
        /** An unmodified local {@code m = data.length / 2} (or {@code >>> 1}, {@code >> 1}): the standard midpoint. */
        HALF,
        /** An unmodified local {@code m = data.length / c} or {@code >>> c}: within the array, not the midpoint. */
        WITHIN,
        /** Anything else: the sum of {@code terms}, not proven to stay within the array. */
        OTHER
    }

    record Bound(BoundKind kind, CtLocalVariable<?> local, List<CtExpression<?>> terms) {
        static Bound of(BoundKind kind) {
            return new Bound(kind, null, List.of());
        }

        int rank() {
            return switch (kind) {
                case ZERO -> 0;
                case HALF, WITHIN -> 1;
                case LENGTH -> 2;
                case OTHER -> -1;
            };
        }
    }

    /**
     * One slice handed to a subtask (of an array field here, of a List field in {@link ListSlices}).
     *
     * @param copy     the copying expression the rule reports (the finding's element)
     * @param source   the read of the field being copied
     * @param deleted  statements that only exist to build the copy, removed by the rewrite
     * @param view     whether the slice is a {@code subList} view sharing the field's elements rather than a copy
     * @param partition the loop over Guava {@code Lists.partition(items, size)} whose parts are the slices, or
     *                  {@code null}; its bounds are {@link BoundKind#OTHER} and the loop itself is rewritten
     */
    record Site(CtConstructorCall<?> construction, int argumentIndex, CtExpression<?> argument, CtElement copy,
                CtFieldRead<?> source, Bound start, Bound end, List<CtStatement> deleted, boolean view,
                CtForEach partition) {
    }

    private final CtClass<?> task;

    ArraySlices(CtClass<?> task) {
        this.task = task;
    }

    /** The slice this argument of a construction of the task class is, or {@code null}. */
    Site siteOf(CtConstructorCall<?> construction, int index) {
        CtExpression<?> argument = construction.getArguments().get(index);
        Site direct = direct(construction, index, argument, argument, List.of());
        if (direct != null || !(argument instanceof CtVariableRead<?> read)
                || !(read.getVariable() instanceof CtLocalVariableReference<?> ref)) {
            return direct;
        }
        CtLocalVariable<?> local = ref.getDeclaration();
        CtExecutable<?> method = construction.getParent(CtExecutable.class);
        if (!isInitializedOnce(method, local)) {
            return null;
        }
        List<CtVariableRead<?>> reads = reads(method, local);
        if (reads.size() == 1) {
            return direct(construction, index, argument, local.getDefaultExpression(), List.of(local));
        }
        return arraycopied(construction, index, argument, local, method, reads);
    }

    private Site direct(CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                        CtExpression<?> value, List<CtStatement> deleted) {
        if (!(value instanceof CtInvocation<?> call)) {
            return null;
        }
        String name = call.getExecutable().getSimpleName();
        List<CtExpression<?>> args = call.getArguments();
        boolean arrays = call.getExecutable().getDeclaringType() != null
                && "java.util.Arrays".equals(call.getExecutable().getDeclaringType().getQualifiedName());
        if (arrays && name.equals("copyOfRange") && args.size() == 3 && fieldRead(args.get(0)) != null) {
            return new Site(construction, index, argument, call, fieldRead(args.get(0)),
                    bound(args.get(1), fieldRead(args.get(0))), bound(args.get(2), fieldRead(args.get(0))), deleted, false, null);
        }
        if (arrays && name.equals("copyOf") && args.size() == 2 && fieldRead(args.get(0)) != null) {
            return new Site(construction, index, argument, call, fieldRead(args.get(0)),
                    Bound.of(BoundKind.ZERO), bound(args.get(1), fieldRead(args.get(0))), deleted, false, null);
        }
        if (name.equals("clone") && args.isEmpty() && fieldRead(call.getTarget()) != null) {
            return new Site(construction, index, argument, call, fieldRead(call.getTarget()),
                    Bound.of(BoundKind.ZERO), Bound.of(BoundKind.LENGTH), deleted, false, null);
        }
        return null;
    }

    /** {@code T[] part = new T[n]; System.arraycopy(data, s, part, 0, n or part.length); new Task(part)}. */
    private Site arraycopied(CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                             CtLocalVariable<?> local, CtExecutable<?> method, List<CtVariableRead<?>> reads) {
        if (!(local.getDefaultExpression() instanceof CtNewArray<?> fresh) || fresh.getDimensionExpressions().size() != 1
                || !fresh.getElements().isEmpty()) {
            return null;
        }
        CtExpression<?> size = fresh.getDimensionExpressions().get(0);
        for (CtInvocation<?> call : CodeScan.elementsIn(method, CtInvocation.class)) {
            List<CtExpression<?>> args = call.getArguments();
            if (!Apis.ARRAYCOPY.matchesExactly(call) || !isRead(args.get(2), local)) {
                continue;
            }
            CtFieldRead<?> source = fieldRead(args.get(0));
            // The copy must fill the whole fresh array from index 0, and the array must serve nothing else.
            boolean whole = isLiteral(args.get(3), 0) && (sameText(args.get(4), size) || isLengthOf(args.get(4), local));
            boolean onlyHere = reads.stream().allMatch(r -> r == argument || isInside(r, call));
            if (source == null || !whole || !onlyHere || !(call.getParent() instanceof CtBlock<?>)) {
                return null;
            }
            CtExpression<?> start = args.get(1);
            Bound from = bound(start, source);
            Bound to;
            if (from.kind() == BoundKind.ZERO) {
                to = bound(size, source);
            } else if (size instanceof CtBinaryOperator<?> minus && minus.getKind() == BinaryOperatorKind.MINUS
                    && isLengthOf(minus.getLeftHandOperand(), source) && sameText(minus.getRightHandOperand(), start)) {
                to = Bound.of(BoundKind.LENGTH);
            } else {
                to = new Bound(BoundKind.OTHER, null, List.of(start, size));
            }
            return new Site(construction, index, argument, call, source, from, to, List.of(local, call), false, null);
        }
        return null;
    }

    /** {@code data} or {@code this.data} where {@code data} is an array field declared by the task class. */
    CtFieldRead<?> fieldRead(CtExpression<?> expression) {
        if (expression instanceof CtFieldRead<?> read && (read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>
                && ((CtThisAccess<?>) read.getTarget()).isImplicit() || read.getTarget() instanceof CtThisAccess<?>)
                && read.getVariable().getFieldDeclaration() != null
                && read.getVariable().getFieldDeclaration().getDeclaringType() == task
                && read.getVariable().getType() instanceof CtArrayTypeReference<?>) {
            return read;
        }
        return null;
    }

    static CtField<?> fieldOf(CtFieldRead<?> read) {
        return read.getVariable().getFieldDeclaration();
    }

    /** What a slice bound is in terms of the copied field {@code source} (an array, or a List for {@link ListSlices}). */
    static Bound bound(CtExpression<?> expression, CtFieldRead<?> source) {
        if (isLiteral(expression, 0)) {
            return Bound.of(BoundKind.ZERO);
        }
        if (source != null && isLengthOf(expression, source)) {
            return Bound.of(BoundKind.LENGTH);
        }
        if (source != null && expression instanceof CtVariableRead<?> read
                && read.getVariable() instanceof CtLocalVariableReference<?> ref && ref.getDeclaration() != null) {
            CtLocalVariable<?> local = ref.getDeclaration();
            CtExecutable<?> method = local.getParent(CtExecutable.class);
            if (writes(method, local).isEmpty() && local.getDefaultExpression() instanceof CtBinaryOperator<?> split
                    && isLengthOf(split.getLeftHandOperand(), source)
                    && split.getRightHandOperand() instanceof CtLiteral<?> literal
                    && literal.getValue() instanceof Integer divisor) {
                BinaryOperatorKind kind = split.getKind();
                boolean halving = kind == BinaryOperatorKind.DIV && divisor == 2
                        || (kind == BinaryOperatorKind.USR || kind == BinaryOperatorKind.SR) && divisor == 1;
                boolean within = kind == BinaryOperatorKind.DIV && divisor >= 1
                        || (kind == BinaryOperatorKind.USR || kind == BinaryOperatorKind.SR) && divisor >= 0;
                if (halving || within) {
                    return new Bound(halving ? BoundKind.HALF : BoundKind.WITHIN, local, List.of());
                }
            }
        }
        return new Bound(BoundKind.OTHER, null, List.of(expression));
    }

    /**
     * {@code x.length} or {@code x.size()} where {@code x} reads the same field (or local) as {@code array}, or an
     * unmodified local initialized to one ({@code int n = items.size();}).
     */
    static boolean isLengthOf(CtExpression<?> expression, Object array) {
        CtExpression<?> of;
        if (expression instanceof CtFieldRead<?> length && length.getVariable().getSimpleName().equals("length")) {
            of = length.getTarget();
        } else if (expression instanceof CtInvocation<?> size && size.getExecutable().getSimpleName().equals("size")
                && size.getArguments().isEmpty()) {
            of = size.getTarget();
        } else if (expression instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> ref
                && ref.getDeclaration() != null && ref.getDeclaration().getDefaultExpression() != null
                && writes(ref.getDeclaration().getParent(CtExecutable.class), ref.getDeclaration()).isEmpty()) {
            return isLengthOf(ref.getDeclaration().getDefaultExpression(), array);
        } else {
            return false;
        }
        if (!(of instanceof CtVariableAccess<?> target) || !expression.getTypeCasts().isEmpty()) {
            return false;
        }
        if (array instanceof CtLocalVariable<?> local) {
            return isRead(target, local);
        }
        return array instanceof CtFieldRead<?> field && target instanceof CtFieldRead<?> read
                && read.getVariable().getFieldDeclaration() != null
                && read.getVariable().getFieldDeclaration() == field.getVariable().getFieldDeclaration();
    }

    static boolean isRead(CtExpression<?> expression, CtLocalVariable<?> local) {
        return expression instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> ref
                && ref.getDeclaration() == local;
    }

    static boolean isLiteral(CtExpression<?> expression, int value) {
        return expression instanceof CtLiteral<?> literal && literal.getValue() instanceof Integer i && i == value
                && expression.getTypeCasts().isEmpty();
    }

    private static boolean sameText(CtExpression<?> a, CtExpression<?> b) {
        return a.toString().replaceAll("\\s+", "").equals(b.toString().replaceAll("\\s+", ""));
    }

    static boolean isInside(CtElement element, CtElement container) {
        for (CtElement e = element; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            if (e == container) {
                return true;
            }
        }
        return false;
    }

    static List<CtVariableRead<?>> reads(CtExecutable<?> method, CtLocalVariable<?> local) {
        List<CtVariableRead<?>> out = new ArrayList<>();
        for (CtVariableRead<?> read : CodeScan.elementsIn(method, CtVariableRead.class)) {
            if (isRead(read, local)) {
                out.add(read);
            }
        }
        return out;
    }

    /**
     * Whether {@code local} is a local of {@code method}'s own block statements, initialized where it is
     * declared and never assigned again: its value at every read is its initializer.
     */
    static boolean isInitializedOnce(CtExecutable<?> method, CtLocalVariable<?> local) {
        return local != null && local.getParent(CtExecutable.class) == method && local.getParent() instanceof CtBlock<?>
                && writes(method, local).isEmpty() && local.getDefaultExpression() != null;
    }

    static List<CtVariableWrite<?>> writes(CtExecutable<?> method, CtLocalVariable<?> local) {
        List<CtVariableWrite<?>> out = new ArrayList<>();
        if (method == null) {
            return out;
        }
        for (CtVariableWrite<?> write : CodeScan.elementsIn(method, CtVariableWrite.class)) {
            if (write.getVariable() instanceof CtLocalVariableReference<?> ref && ref.getDeclaration() == local) {
                out.add(write);
            }
        }
        return out;
    }
}
