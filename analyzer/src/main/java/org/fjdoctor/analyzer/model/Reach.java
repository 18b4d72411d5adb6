package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * How a method is reached from task code: the entry, the call that reached it and its caller.
 * Following {@code caller} back to the entry gives the call path, {@code depth} calls long, of which
 * {@code countedCalls} may dispatch (the ones {@code --depth} bounds).
 */
public record Reach(CtExecutable<?> executable, TaskEntry entry, int depth, int countedCalls, Reach caller,
                    CtElement callSite) {

    /** The calls from the entry to this method, outermost first; empty for an entry. */
    public List<Reach> steps() {
        Deque<Reach> steps = new ArrayDeque<>();
        for (Reach r = this; r.caller != null; r = r.caller) {
            steps.addFirst(r);
        }
        return List.copyOf(steps);
    }
}
