package org.fjdoctor.analyzer.vocabulary;

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

    /** The builder type {@code chain} has, or {@code null} when it is no unresolved fluent chain. */
    static CtTypeReference<?> typeOf(CtExpression<?> chain) {
        CtExpression<?> step = chain;
        while (step instanceof CtInvocation<?> call && (call.getType() == null || VarTypes.isUnknown(call.getType()))) {
            if (call.getTarget() instanceof CtTypeAccess<?> owner && owner.getAccessedType() != null) {
                String name = call.getExecutable().getSimpleName();
                for (Builder builder : BUILDERS) {
                    if (builder.factory().equals(name)
                            && builder.owner().equals(owner.getAccessedType().getQualifiedName())) {
                        return call.getFactory().Type().createReference(builder.builder());
                    }
                }
                return null;
            }
            if (step != chain && isTerminal(call.getExecutable().getSimpleName())) {
                return null;
            }
            step = call.getTarget();
        }
        return null;
    }

    private static boolean isTerminal(String name) {
        return BUILDERS.stream().anyMatch(builder -> builder.terminals().contains(name));
    }
}
