package org.fjdoctor.analyzer.model;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * A call the call graph walked into a method: the method that makes it and the call site, both {@code null}
 * where the method is an entry. {@link Reach} keeps one path per method; these are all of its edges.
 */
public record WalkedCall(CtExecutable<?> caller, CtElement site) {

    /** Whether this is where task code starts rather than a call. */
    public boolean entry() {
        return caller == null;
    }
}
