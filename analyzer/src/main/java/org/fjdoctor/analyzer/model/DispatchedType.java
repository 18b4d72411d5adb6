package org.fjdoctor.analyzer.model;

import java.util.Set;

/**
 * A receiver type of virtual calls in task code: whether one such call is unbounded (on {@code this} in a
 * task: then every subtype counts), and the names of the methods called on it, whose implementations the
 * dispatch bound counts ({@link ForkJoinModel#MAX_DISPATCH_FAN_OUT}).
 */
public record DispatchedType(boolean unbounded, Set<String> methods) {

    public DispatchedType {
        methods = Set.copyOf(methods);
    }
}
