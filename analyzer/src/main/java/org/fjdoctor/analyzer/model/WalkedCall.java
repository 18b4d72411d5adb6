package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiPredicate;

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

    /**
     * The methods some path of followed calls leads to from a followed entry, over every walked call of one graph.
     *
     * @param calls    the walked calls into each method
     * @param followed whether a walked call (an entry too) into a method is part of such a path
     */
    static Set<CtExecutable<?>> reachedAlong(Map<CtExecutable<?>, List<WalkedCall>> calls,
                                            BiPredicate<WalkedCall, CtExecutable<?>> followed) {
        Map<CtExecutable<?>, List<CtExecutable<?>>> callees = new IdentityHashMap<>();
        Deque<CtExecutable<?>> queue = new ArrayDeque<>();
        Set<CtExecutable<?>> reached = Collections.newSetFromMap(new IdentityHashMap<>());
        calls.forEach((method, into) -> {
            for (WalkedCall call : into) {
                if (!followed.test(call, method)) {
                    continue;
                }
                if (call.entry()) {
                    if (reached.add(method)) {
                        queue.add(method);
                    }
                } else {
                    callees.computeIfAbsent(call.caller(), k -> new ArrayList<>()).add(method);
                }
            }
        });
        while (!queue.isEmpty()) {
            for (CtExecutable<?> callee : callees.getOrDefault(queue.poll(), List.of())) {
                if (reached.add(callee)) {
                    queue.add(callee);
                }
            }
        }
        return reached;
    }
}
