package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;

/**
 * What {@link CopyOnJoinRule} matched: the copy of a subtask's result and the join it copies.
 *
 * @param copy  the copying call or construction ({@code addAll}, {@code System.arraycopy}, {@code new ArrayList<>(..)})
 * @param shape how it copies
 * @param join  the call that takes the subtask's result ({@code join()}, {@code invoke()}, {@code get()}, ...)
 */
public record JoinCopy(CtElement copy, Shape shape, CtInvocation<?> join) implements Match {

    /** How the matched code copies the joined result. */
    public enum Shape {
        /** {@code addAll} or {@code putAll} into a container. */
        MERGE,
        /** {@code System.arraycopy} of the joined array. */
        ARRAYCOPY,
        /** {@code Arrays.copyOf/copyOfRange} of the joined array. */
        ARRAYS_COPY,
        /** {@code Stream.concat} of the joined results' streams. */
        CONCAT,
        /** A copy constructor of the joined collection or map. */
        COPY_CONSTRUCTOR
    }
}
