package org.fjdoctor.analyzer.model;

import java.util.regex.Pattern;

import spoon.reflect.code.CtInvocation;

/**
 * Calls that only read state, by their name ({@code isDone()}, {@code getStatus()}, {@code size()}): what a
 * spinning or polling loop checks, as opposed to a call that does the work it waits for (an attempt).
 */
public final class Observers {

    private static final Pattern OBSERVES = Pattern.compile(
            "(get|is|has|can|size|length|peek|available|contains|equals|intValue|longValue|booleanValue)[A-Z0-9_]?.*");

    private Observers() {
    }

    public static boolean observes(CtInvocation<?> call) {
        return call.getExecutable() != null && OBSERVES.matcher(call.getExecutable().getSimpleName()).matches();
    }
}
