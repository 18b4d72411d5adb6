package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.Set;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtReturn;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * A parallel pipeline a method returns unterminated ({@code return items.parallelStream().flatMap(f);}) runs where
 * its terminal operation runs, and the method's caller chooses that. A caller in the sources that terminates it
 * makes its own pipeline parallel ({@link CommonPoolCode}'s helper streams), and is reported there. A method that a
 * framework's annotation declares as its entry (a Neo4j procedure), and that nothing in the sources calls, hands the
 * stream to that framework, which consumes it through its iterator: each element is pulled on the framework's own
 * thread and nothing forks, so the pipeline's functions are not common-pool code. Any other public method with no
 * caller in the sources is a library's API, whose users may well collect the stream in parallel: still reported.
 */
final class ReturnedPipelines {

    /** Annotations of the frameworks known to read a returned stream through its iterator on their own thread. */
    private static final Set<String> ITERATING_FRAMEWORKS = Set.of("org.neo4j.procedure.Procedure");

    private final ModelElements elements;
    /** The names of the methods called or referenced in the model, each with the arity called ({@code name/n}). */
    private Set<String> called;

    ReturnedPipelines(ModelElements elements) {
        this.elements = elements;
    }

    /**
     * Whether {@code lastOperation}, the last stage of a parallel pipeline, is what a framework's entry method
     * returns, and nothing in the sources calls that method (by name and arity, so that a call JDT left unbound
     * still counts, and a method reference by name).
     */
    boolean leftToAFramework(CtInvocation<?> lastOperation, JavaTypes types) {
        // the method's own return (not a lambda's in it), in a named class (an anonymous one is called through
        // its interface)
        if (!(lastOperation.getParent() instanceof CtReturn<?> returned)
                || !(returned.getParent(CtExecutable.class) instanceof CtMethod<?> method)
                || method.getDeclaringType() == null || method.getDeclaringType().isAnonymous()
                || method.getType() == null || !types.isSubtypeOf(method.getType(), "java.util.stream.BaseStream")
                || method.getAnnotations().stream().noneMatch(annotation -> annotation.getAnnotationType() != null
                        && ITERATING_FRAMEWORKS.contains(annotation.getAnnotationType().getQualifiedName()))) {
            return false;
        }
        return !called().contains(method.getSimpleName() + "/" + method.getParameters().size())
                && !called().contains(method.getSimpleName() + "/::");
    }

    private Set<String> called() {
        if (called == null) {
            called = new HashSet<>();
            for (CtInvocation<?> call : elements.invocations) {
                if (call.getExecutable() != null) {
                    called.add(call.getExecutable().getSimpleName() + "/" + call.getArguments().size());
                }
            }
            for (CtExecutableReferenceExpression<?, ?> reference : elements.methodReferences) {
                if (reference.getExecutable() != null) {
                    called.add(reference.getExecutable().getSimpleName() + "/::");
                }
            }
        }
        return called;
    }
}
