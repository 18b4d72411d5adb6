package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Whether code runs only at start-up because every call that leads to it comes from start-up code
 * ({@link StartupCode}): a plugin's {@code onEnable} calls a helper's {@code init}, which submits the work. The
 * walk goes from the method around the submission to its callers in the production sources, and every one of
 * them must be start-up code or reached only from it in turn. A method the sources do not call (a framework or
 * reflection may), one named by a method reference, one that overrides another (it may be called through the
 * other), an annotated one (a framework may call it) or a lambda is not known to run once, and neither is a
 * method whose call a call with its name and arity might be but does not resolve.
 */
final class StartupCallers {

    /** How many methods up the callers are followed before the walk gives up. */
    private static final int MAX_METHODS = 32;
    /** Annotations that register nothing with a framework: they do not make a method a call-back. */
    private static final Set<String> INERT_ANNOTATION_PACKAGES = Set.of("java.lang", "lombok");

    private final ForkJoinModel model;
    private Map<String, List<CtInvocation<?>>> callsByName;
    private Set<String> referencedNames;
    private final Map<CtExecutable<?>, Boolean> judged = new IdentityHashMap<>();

    StartupCallers(ForkJoinModel model) {
        this.model = model;
    }

    /** Whether the code around {@code site} runs once at start-up, itself or through its only callers. */
    boolean runsOnce(CtElement site) {
        if (StartupCode.runsOnce(site)) {
            return true;
        }
        CtExecutable<?> around = site.getParent(CtExecutable.class);
        return around instanceof CtMethod<?> method && judged.computeIfAbsent(method, key -> onlyFromStartup(method));
    }

    private boolean onlyFromStartup(CtMethod<?> start) {
        Set<CtExecutable<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<CtMethod<?>> todo = new ArrayDeque<>();
        todo.add(start);
        seen.add(start);
        boolean fromStartup = false;
        while (!todo.isEmpty()) {
            List<CtInvocation<?>> calls = callsOf(todo.poll());
            if (calls == null || calls.isEmpty()) {
                return false; // called from outside the sources, or in a way the walk cannot follow
            }
            for (CtInvocation<?> call : calls) {
                if (StartupCode.runsOnce(call)) {
                    fromStartup = true;
                } else if (!(call.getParent(CtExecutable.class) instanceof CtMethod<?> caller)) {
                    return false; // a lambda, a constructor or an instance initializer: when it runs is not known here
                } else if (seen.add(caller)) {
                    if (seen.size() > MAX_METHODS) {
                        return false;
                    }
                    todo.add(caller);
                }
            }
        }
        return fromStartup;
    }

    /** The calls of {@code method} in production code, or {@code null} where one may be unseen. */
    private List<CtInvocation<?>> callsOf(CtMethod<?> method) {
        if (!method.getTopDefinitions().isEmpty() || annotated(method) || referenced().contains(method.getSimpleName())) {
            return null;
        }
        int arity = method.getParameters().size();
        boolean varArgs = arity > 0 && method.getParameters().get(arity - 1).isVarArgs();
        List<CtInvocation<?>> found = new ArrayList<>();
        for (CtInvocation<?> call : calls().getOrDefault(method.getSimpleName(), List.of())) {
            if (!varArgs && call.getArguments().size() != arity || model.inTestSources(call)) {
                continue;
            }
            CtExecutable<?> target = model.sourceDeclaration(call.getExecutable());
            if (target == method) {
                found.add(call);
            } else if (target == null && mayBeOf(call.getExecutable(), method.getDeclaringType())) {
                return null;
            }
        }
        return found;
    }

    /** Whether an unresolved call may run a method of {@code owner}: its receiver's type is unknown or related. */
    private static boolean mayBeOf(CtExecutableReference<?> call, CtType<?> owner) {
        CtTypeReference<?> declaring = call.getDeclaringType();
        if (declaring == null || owner == null) {
            return true;
        }
        CtType<?> type = declaring.getTypeDeclaration();
        return type == null || type.isShadow() ? declaring.getSimpleName().equals(owner.getSimpleName())
                : type == owner || type.isSubtypeOf(owner.getReference()) || owner.isSubtypeOf(declaring);
    }

    private static boolean annotated(CtMethod<?> method) {
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            CtTypeReference<?> type = annotation.getAnnotationType();
            String name = type == null ? "" : type.getQualifiedName();
            if (INERT_ANNOTATION_PACKAGES.stream().noneMatch(inert -> name.startsWith(inert + "."))
                    || name.equals("java.lang.Override")) {
                return true;
            }
        }
        return false;
    }

    private Map<String, List<CtInvocation<?>>> calls() {
        if (callsByName == null) {
            callsByName = model.invocations().stream()
                    .collect(Collectors.groupingBy(call -> call.getExecutable().getSimpleName(), HashMap::new, Collectors.toList()));
        }
        return callsByName;
    }

    /** The names of the methods method references name: such a method runs whenever its function does. */
    private Set<String> referenced() {
        if (referencedNames == null) {
            referencedNames = model.spoon().getElements(new TypeFilter<>(CtExecutableReferenceExpression.class)).stream()
                    .map(reference -> reference.getExecutable().getSimpleName()).collect(Collectors.toSet());
        }
        return referencedNames;
    }
}
