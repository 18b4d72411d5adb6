package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * Whether a use of a local runs only after a given point of the same method: a task that fills a vector it made
 * and then returns it, or hands it to a subtask, takes the vector's lock while no other task can hold the vector.
 * Only straight-line code qualifies: where the point is inside a loop within the local's scope, a use further down
 * in the loop body runs before the point's next iteration.
 */
final class LaterUses {

    private LaterUses() {
    }

    /** Whether {@code use} of {@code local} (both directly in {@code in}) runs after {@code at} on every run. */
    static boolean after(CtElement use, CtElement at, CtLocalVariable<?> local, CtExecutable<?> in) {
        SourcePosition point = at.getPosition();
        SourcePosition later = use.getPosition();
        if (!point.isValidPosition() || !later.isValidPosition() || later.getSourceStart() <= point.getSourceEnd()
                || at.getParent(CtExecutable.class) != in) {
            return false;
        }
        for (CtElement e = at; e != null && e != in && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLoop loop && !local.hasParent(loop)) {
                return false;
            }
        }
        return true;
    }
}
