package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.vocabulary.LibraryExecutors;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtMethod;

/**
 * Common-pool entries a library makes: where the project hands a library ({@link LibraryExecutors}) the common pool
 * as the executor of its handlers, every handler method of the project's runs there. The library's code is not in
 * the sources, so the call that chooses the pool is where the work is submitted, for all of the handlers: the
 * library's documented default, not which handler a particular manager registers, decides.
 */
final class LibraryEntries {

    /** A handler of the project's and the call that gives its library the common pool. */
    record Handled(CtInvocation<?> site, CtMethod<?> handler) {
    }

    private LibraryEntries() {
    }

    /** Each handler with each call that chooses the common pool for its library, in the sources' order. */
    static List<Handled> find(ModelElements elements, JavaTypes types, Predicate<CtExpression<?>> isCommonPool) {
        List<Handled> found = new ArrayList<>();
        for (LibraryExecutors library : LibraryExecutors.TABLE) {
            List<CtMethod<?>> handlers = elements.methods.stream().filter(method -> method.getBody() != null
                    && !CommonPoolCode.isLibraryCode(method) && LombokAccessors.annotated(method, library.handlers()))
                    .sorted(ForkJoinModel.BY_POSITION).toList();
            if (handlers.isEmpty()) {
                continue;
            }
            for (CtInvocation<?> call : elements.invocations) {
                if (!CommonPoolCode.isLibraryCode(call) && choosesCommonPool(library, call, types, isCommonPool)
                        && !overriddenLater(library, call, types, isCommonPool)) {
                    handlers.forEach(handler -> found.add(new Handled(call, handler)));
                }
            }
        }
        return found;
    }

    private static boolean choosesCommonPool(LibraryExecutors library, CtInvocation<?> call, JavaTypes types,
                                             Predicate<CtExpression<?>> isCommonPool) {
        return library.commonPool().stream().anyMatch(matcher -> matcher.matches(call, types))
                || library.setsExecutor().stream().anyMatch(matcher -> matcher.matches(call, types))
                   && isCommonPool.test(call.getArguments().get(0));
    }

    /** Whether a later step of the builder chain {@code call} is in gives the handlers another executor. */
    private static boolean overriddenLater(LibraryExecutors library, CtInvocation<?> call, JavaTypes types,
                                           Predicate<CtExpression<?>> isCommonPool) {
        MethodMatcher overrides = library.overrides();
        for (CtExpression<?> step = call; step.getParent() instanceof CtInvocation<?> next && next.getTarget() == step;
                step = next) {
            if (overrides.matches(next, types) && !isCommonPool.test(next.getArguments().get(0))) {
                return true;
            }
        }
        return false;
    }
}
