package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.declaration.CtElement;

/**
 * What {@link SleepyWorkerRule} matched: the pause and the call path from task code to it.
 *
 * @param at    the sleeping or parking call, or the busy-wait loop
 * @param shape which of those it is
 * @param path  how task code reaches it
 */
public record Sleep(CtElement at, Shape shape, Reach path) implements Match {

    /** How the worker pauses. */
    public enum Shape {
        /** {@code Thread.sleep} or {@code TimeUnit.sleep} ({@code at} is a {@code CtInvocation}). */
        SLEEP,
        /** {@code LockSupport.park*} ({@code at} is a {@code CtInvocation}). */
        PARK,
        /** A loop that only spins until another thread changes state ({@code at} is a {@code CtLoop}). */
        BUSY_WAIT
    }
}
