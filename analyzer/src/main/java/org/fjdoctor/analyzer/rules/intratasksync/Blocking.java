package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.declaration.CtElement;

/**
 * What {@link IntraTaskSyncRule} matched: the blocking code and the call path from task code to it.
 *
 * @param at    the synchronized method, the synchronized block, or the blocking call
 * @param shape which of those it is
 * @param path  how task code reaches it
 */
public record Blocking(CtElement at, Shape shape, Reach path) implements Match {

    /** What blocks. */
    public enum Shape {
        /** A {@code synchronized} method ({@code at} is a {@code CtMethod}). */
        SYNCHRONIZED_METHOD,
        /** A {@code synchronized} block ({@code at} is a {@code CtSynchronized}). */
        SYNCHRONIZED_BLOCK,
        /** A call that waits for another thread ({@code at} is a {@code CtInvocation}): a lock, a latch, a future... */
        BLOCKING_CALL,
        /**
         * A call on a {@code Collections.synchronizedList(..)} (or twin) wrapper, or on a {@code Vector},
         * {@code Hashtable} or {@code StringBuffer}, whose methods are synchronized ({@code at} is a
         * {@code CtInvocation}): it locks the receiver for the call's length.
         */
        SYNCHRONIZED_WRAPPER,
        /**
         * A mutator of a {@code CopyOnWriteArrayList}/{@code CopyOnWriteArraySet} ({@code at} is a
         * {@code CtInvocation}): it copies the array under the collection's lock.
         */
        COPY_ON_WRITE
    }
}
