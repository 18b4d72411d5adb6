package org.fjdoctor.analyzer.vocabulary;

import java.util.Set;

/** Entry points for {@link MethodMatcher}: {@code staticMethod().onClass("java.lang.System").named("arraycopy")}. */
public final class MethodMatchers {

    private MethodMatchers() {
    }

    /** Static or instance calls. */
    public static MethodMatcher anyMethod() {
        return new MethodMatcher(MethodMatcher.Kind.ANY, Set.of(), true, Set.of(), -1, Set.of());
    }

    /** Calls without a receiver or on a type name. */
    public static MethodMatcher staticMethod() {
        return new MethodMatcher(MethodMatcher.Kind.STATIC, Set.of(), true, Set.of(), -1, Set.of());
    }

    /** Calls on an object (implicit {@code this} included). */
    public static MethodMatcher instanceMethod() {
        return new MethodMatcher(MethodMatcher.Kind.INSTANCE, Set.of(), true, Set.of(), -1, Set.of());
    }
}
