package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Work handed to a fork/join pool through a method of the project's own: a source method that submits its
 * {@code Runnable}/{@code Callable} parameter to a pool ({@code FJPool.execute(Runnable task) { pool.submit(task); }})
 * forwards what its callers pass, also through an interface it implements ({@code threadPool.execute(this)}
 * on GPars' {@code Pool}). The argument at such a call is submitted work: a lambda, an anonymous class, a
 * method reference, or {@code this}, whose class's {@code run()}/{@code call()} then runs on the pool.
 * A static forwarder ({@code Pools.run(Runnable r)}) needs no instance, so it forwards whatever its callers pass;
 * an abstract base class's forwarder runs on the instances of the subclasses the program creates.
 * One level of forwarding; a forwarder that hands the parameter to another forwarder is not followed.
 */
final class ForwardedSubmissions {

    /** A submitted function, where it was handed over, and the forwarder's own submission to a pool. */
    record Forwarded(CtExecutable<?> body, CtInvocation<?> call, CtMethod<?> forwarder, CtInvocation<?> submission) {
    }

    private record Forwarder(CtMethod<?> method, int parameter, CtInvocation<?> submission) {
    }

    /**
     * What the forwarders' callers submit, and the forwarders' names: a focused model must hold every file
     * that calls one, as it holds those that name a pool.
     */
    record Found(List<Forwarded> forwarded, Set<String> forwarderNames) {
    }

    private ForwardedSubmissions() {
    }

    /**
     * @param submissions the calls that submit to a fork/join pool
     * @param bodyOf      what a submitted argument runs ({@code null} when unknown)
     * @param threadPools whether a receiver only ever holds plain thread pools, so never a forwarder
     */
    static Found of(List<CtInvocation<?>> submissions, ModelElements elements, JavaTypes types,
                              Declarations declarations, Set<String> createdOutside,
                              Function<CtExpression<?>, CtExecutable<?>> bodyOf, Predicate<CtExpression<?>> threadPools) {
        // Only a class the program creates forwards anything through an instance method (as RTA narrows
        // dispatch): a project's own Executor around a pool must not make every executor.execute(r) in it task
        // code unless it is used.
        Set<String> created = elements.constructedTypes();
        // An abstract base class's wrapper runs on the instances of the subclasses the program creates.
        Lazy<Set<String>> inherited = Lazy.of("the supertypes of created classes", () -> supertypesOfCreated(elements, types));
        Map<String, List<Forwarder>> byName = new HashMap<>();
        for (CtInvocation<?> submission : submissions) {
            for (CtExpression<?> argument : submission.getArguments()) {
                CtParameter<?> parameter = argument instanceof CtVariableRead<?> read
                        && read.getVariable() instanceof CtParameterReference<?> p ? p.getDeclaration() : null;
                if (parameter != null && parameter.isParentInitialized()
                        && parameter.getParent() instanceof CtMethod<?> method
                        && submission.getParent(CtLambda.class) == null && method.getDeclaringType() != null
                        && (method.isStatic() || created.contains(method.getDeclaringType().getQualifiedName())
                        || createdOutside.contains(method.getDeclaringType().getSimpleName())
                        || inherited.get().contains(method.getDeclaringType().getQualifiedName()))) {
                    byName.computeIfAbsent(method.getSimpleName(), k -> new ArrayList<>())
                            .add(new Forwarder(method, method.getParameters().indexOf(parameter), submission));
                }
            }
        }
        List<Forwarded> out = new ArrayList<>();
        if (byName.isEmpty()) {
            return new Found(out, Set.of());
        }
        for (CtInvocation<?> call : elements.invocations) {
            List<Forwarder> candidates = byName.get(call.getExecutable().getSimpleName());
            if (candidates == null) {
                continue;
            }
            CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
            for (Forwarder forwarder : candidates) {
                CtType<?> owner = forwarder.method().getDeclaringType();
                boolean calls = forwarder.method().isStatic()
                        ? declarations.executable(call.getExecutable()) == forwarder.method()
                        : receiver != null && owner != null && (types.isSubtypeOf(owner.getReference(), receiver.getQualifiedName())
                                || types.isSubtypeOf(receiver, owner.getQualifiedName()) // inherited, not overridden
                                    && declarations.executable(call.getExecutable()) == forwarder.method())
                                && !threadPools.test(call.getTarget());
                if (!calls || call.getArguments().size() != forwarder.method().getParameters().size()
                        || call.getParent(CtMethod.class) == forwarder.method()) {
                    continue;
                }
                CtExpression<?> argument = call.getArguments().get(forwarder.parameter());
                CtExecutable<?> body = argument instanceof CtThisAccess<?>
                        ? declarations.runOrCall(call.getParent(CtType.class)) : bodyOf.apply(argument);
                if (body != null && (body.getBody() != null || body instanceof CtLambda<?>)) {
                    out.add(new Forwarded(body, call, forwarder.method(), forwarder.submission()));
                }
            }
        }
        return new Found(out, Set.copyOf(byName.keySet()));
    }

    /** Every supertype of a class the program creates: whose instance methods some object runs. */
    private static Set<String> supertypesOfCreated(ModelElements elements, JavaTypes types) {
        Set<String> out = new HashSet<>();
        Set<String> seen = new HashSet<>();
        for (CtConstructorCall<?> construction : elements.constructorCalls) {
            if (construction.getType() != null && seen.add(construction.getType().getQualifiedName())) {
                out.addAll(types.supertypes(construction.getType()));
            }
        }
        return out;
    }
}
