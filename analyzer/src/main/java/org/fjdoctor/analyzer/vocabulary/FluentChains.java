package org.fjdoctor.analyzer.vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for fluent builders: without Jsoup's jar, {@code Jsoup.connect(url).timeout(t)}
 * has no type, so the blocking {@code .get()} that ends the chain matched nothing. A chain that starts at
 * a known factory and goes on through builder steps (which return the builder) has the builder's type.
 * Only where Spoon resolved nothing: with the jar on the classpath the real types decide.
 */
final class FluentChains {

    /** {@code owner.factory(..)} makes a {@code builder}; every step but the {@code terminals} returns it. */
    private record Builder(String owner, String factory, String builder, Set<String> terminals) {
    }

    private static final List<Builder> BUILDERS = List.of(
            new Builder("org.jsoup.Jsoup", "connect", "org.jsoup.Connection", Set.of("get", "post", "execute",
                    "request", "response", "newRequest")));

    private FluentChains() {
    }

    /**
     * The builder type {@code chain} has, or {@code null} when it is no unresolved fluent chain: every step
     * from the factory up to and including {@code chain} itself must be a builder step, as a terminal
     * step's value ({@code connect(url).get()}, a document) is no builder.
     */
    static CtTypeReference<?> typeOf(CtExpression<?> chain) {
        List<String> steps = new ArrayList<>();
        CtExpression<?> step = chain;
        while (step instanceof CtInvocation<?> call && (call.getType() == null || VarTypes.isUnknown(call.getType()))) {
            String name = call.getExecutable().getSimpleName();
            if (call.getTarget() instanceof CtTypeAccess<?> owner && owner.getAccessedType() != null) {
                String ownerName = owner.getAccessedType().getQualifiedName();
                return BUILDERS.stream()
                        .filter(builder -> builder.factory().equals(name) && builder.owner().equals(ownerName)
                                && steps.stream().noneMatch(builder.terminals()::contains))
                        .findFirst()
                        .<CtTypeReference<?>>map(builder -> call.getFactory().Type().createReference(builder.builder()))
                        .orElse(null);
            }
            steps.add(name);
            step = call.getTarget();
        }
        return null;
    }
}
