package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.List;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * What {@link CopyOnForkRule} matched: the copy, how it slices, its bounds where the call names
 * them, and where the copy is handed to a subtask.
 *
 * @param copy    the reported copy: {@code Arrays.copyOfRange(..)}, {@code new ArrayList<>(l.subList(..))}, a
 *                helper call, the {@code System.arraycopy}, or the copy a subtask's constructor makes
 * @param shape   what kind of copy it is
 * @param bounds  the slice's {@code from, to} where the call names them ({@code copyOfRange}, {@code subList},
 *                {@code stream(a, from, to)}), {@code [length]} for {@code Arrays.copyOf}; empty otherwise
 * @param handOff the {@code new Sub(..)} or factory call the copy is handed to
 * @param helper  the project helper that makes the copy ({@link Shape#HELPER}), else {@code null}
 */
public record SliceCopy(CtElement copy, Shape shape, List<CtExpression<?>> bounds, CtElement handOff,
                        CtExecutable<?> helper) implements Match {

    /** How the matched code copies. */
    public enum Shape {
        /** {@code Arrays.copyOfRange/copyOf} or an array's {@code clone()}. */
        ARRAY_SLICE,
        /** {@code System.arraycopy} into a fresh array. */
        ARRAYCOPY,
        /** {@code new ArrayList<>(l.subList(..))}, {@code List.copyOf}, {@code ImmutableList.copyOf}. */
        LIST_SLICE,
        /** A sliced stream ({@code skip/limit}, {@code Arrays.stream(a, from, to)}) collected into a new container. */
        STREAM,
        /** A copy constructor of a whole collection. */
        WHOLE_COLLECTION,
        /** A project helper method whose returned value is a copy. */
        HELPER,
        /** The subtask's constructor copies its argument. */
        CONSTRUCTOR_COPY
    }

    public SliceCopy {
        bounds = List.copyOf(bounds);
    }

    /** The bounds a slicing call names: see {@link #bounds()}. */
    static List<CtExpression<?>> boundsOf(CtElement copy) {
        if (!(copy instanceof CtInvocation<?> call)) {
            return copy instanceof spoon.reflect.code.CtConstructorCall<?> construction
                    && construction.getArguments().size() == 1 ? boundsOf(construction.getArguments().get(0)) : List.of();
        }
        List<CtExpression<?>> args = call.getArguments();
        return switch (call.getExecutable().getSimpleName()) {
            case "copyOfRange", "stream" -> args.size() == 3 ? List.of(args.get(1), args.get(2)) : List.of();
            case "subList" -> args.size() == 2 ? List.copyOf(args) : List.of();
            case "copyOf" -> args.size() == 2 ? List.of(args.get(1)) : args.size() == 1 ? boundsOf(args.get(0)) : List.of();
            default -> List.of();
        };
    }
}
