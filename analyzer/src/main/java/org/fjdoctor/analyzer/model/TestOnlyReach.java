package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import spoon.reflect.declaration.CtExecutable;

/**
 * Which reached methods only tests run: those that no walked path reaches from an entry in production code
 * without passing through test sources. Production code never calls into test sources (they are not on its
 * class path), so a path that starts at a task a test submits, or that dispatches into a test's own
 * implementation, is the test's bottleneck, not the product's. The graph's edges are every walked call
 * ({@link WalkedCall}), not just the one path {@link Reach} keeps; the depth bound is not applied to
 * production paths, so where one exists only beyond it the method still counts as production code.
 */
final class TestOnlyReach {

    private final Predicate<CtExecutable<?>> inTests;
    private final Map<CtExecutable<?>, List<WalkedCall>> calls;
    private final Lazy<Set<CtExecutable<?>>> production = Lazy.of("the code production code reaches", this::findProductionReached);

    /**
     * @param calls   the walked calls into each method of one graph (the task graph, or the common pool's)
     * @param inTests whether a method, lambda or constructor is declared in test sources
     */
    TestOnlyReach(Map<CtExecutable<?>, List<WalkedCall>> calls, Predicate<CtExecutable<?>> inTests) {
        this.calls = calls;
        this.inTests = inTests;
    }

    /**
     * The first method on {@code reach}'s path that is test code (its entry, or a method it calls) when no path
     * of the graph reaches {@code reach}'s method from production code; {@code null} otherwise.
     */
    CtExecutable<?> testCodeOnPath(Reach reach) {
        if (productionReached().contains(reach.executable())) {
            return null;
        }
        if (inTests.test(reach.entry().executable())) {
            return reach.entry().executable();
        }
        for (Reach step : reach.steps()) {
            if (inTests.test(step.executable())) {
                return step.executable();
            }
        }
        return null; // a path the graph's edges do not hold (walked before a rule-out): judged as production
    }

    private Set<CtExecutable<?>> productionReached() {
        return production.get();
    }

    private Set<CtExecutable<?>> findProductionReached() {
        return WalkedCall.reachedAlong(calls, (call, method) -> !inTests.test(method));
    }
}
