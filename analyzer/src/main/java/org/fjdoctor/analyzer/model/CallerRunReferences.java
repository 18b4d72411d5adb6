package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.path.CtRole;

/**
 * Method references that run as part of the code around them: those handed to a call that runs its function on
 * the caller's thread, which the call graph follows from the caller as it would a call ({@link CallGraph}).
 */
final class CallerRunReferences {

    private CallerRunReferences() {
    }

    /**
     * The method references among the arguments of a call that runs its function on the caller's thread
     * (a stream step, {@code Iterable.forEach}, Guava's {@code transform}): {@code
     * actors.forEach(this::notifyDependant)} runs {@code notifyDependant} as part of the code around it, as a
     * lambda written there would run (lambdas are scanned in place).
     */
    static List<CtExecutableReferenceExpression<?, ?>> of(CtAbstractInvocation<?> call) {
        if (!(call instanceof CtInvocation<?> invocation)
                || Apis.RUNS_FUNCTION_IN_CALLER.stream().noneMatch(matcher -> matcher.matchesExactly(invocation))
                && !(Apis.COLLECTOR_FUNCTION.matchesExactly(invocation) && collectedInPlace(invocation))) {
            return List.of();
        }
        List<CtExecutableReferenceExpression<?, ?>> references = new ArrayList<>();
        for (CtExpression<?> argument : invocation.getArguments()) {
            if (argument instanceof CtExecutableReferenceExpression<?, ?> reference) {
                references.add(reference);
            }
        }
        return references;
    }

    /**
     * Whether a collector is built where the stream uses it: an argument of {@code collect(..)} or of another
     * collector there ({@code groupingBy(f, mapping(this::g, toList()))}), so its functions run with the stream's
     * terminal step, as the stream's own steps do. A collector kept in a field may be used by any stream.
     */
    private static boolean collectedInPlace(CtInvocation<?> collector) {
        CtElement parent = collector.getParent();
        while (parent instanceof CtInvocation<?> outer && collector.getRoleInParent() == CtRole.ARGUMENT) {
            if (outer.getExecutable() != null && outer.getExecutable().getSimpleName().equals("collect")) {
                return true;
            }
            if (!Apis.COLLECTOR_FUNCTION.matchesExactly(outer)) {
                return false;
            }
            collector = outer;
            parent = outer.getParent();
        }
        return false;
    }
}
