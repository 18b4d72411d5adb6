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

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
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
 * walk goes from the method or constructor around the submission to its callers in the production sources (a
 * constructor's: the {@code new} expressions of its class), and every one of them must be start-up code or reached
 * only from it in turn. A method the sources do not call (a framework or reflection may), one named by a method
 * reference, one that overrides another (it may be called through the other), a constructor of a subclassed or
 * abstract class, an annotated method (a framework may call it) or a lambda is not known to run once, and neither
 * is code that an unresolved call with its name and arity might run.
 */
final class StartupCallers {

    /** How many methods up the callers are followed before the walk gives up. */
    private static final int MAX_METHODS = 32;
    /** How {@link #referenced()} marks a constructor reference ({@code Type::new}): no method has this name. */
    private static final String CONSTRUCTED = "new ";
    /** Annotations that register nothing with a framework: they do not make a method a call-back. */
    private static final Set<String> INERT_ANNOTATION_PACKAGES = Set.of("java.lang", "lombok");

    private final ForkJoinModel model;
    private Map<String, List<CtInvocation<?>>> callsByName;
    private Set<String> referencedNames;
    private Set<String> subclassed;
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
        return (around instanceof CtMethod<?> || around instanceof CtConstructor<?>)
                && judged.computeIfAbsent(around, this::onlyFromStartup);
    }

    private boolean onlyFromStartup(CtExecutable<?> start) {
        Set<CtExecutable<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<CtExecutable<?>> todo = new ArrayDeque<>();
        todo.add(start);
        seen.add(start);
        boolean fromStartup = false;
        while (!todo.isEmpty()) {
            CtExecutable<?> next = todo.poll();
            List<? extends CtAbstractInvocation<?>> calls = next instanceof CtConstructor<?> constructor
                    ? constructions(constructor) : callsOf((CtMethod<?>) next);
            if (calls == null || calls.isEmpty()) {
                return false; // called from outside the sources, or in a way the walk cannot follow
            }
            for (CtAbstractInvocation<?> call : calls) {
                CtExecutable<?> caller = call.getParent(CtExecutable.class);
                if (StartupCode.runsOnce(call)) {
                    fromStartup = true;
                } else if (!(caller instanceof CtMethod<?> || caller instanceof CtConstructor<?>)) {
                    return false; // a lambda, an instance initializer or a field's: when it runs is not known here
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
        return resolvedCalls(method, calls().getOrDefault(method.getSimpleName(), List.of()));
    }

    /**
     * The {@code new} expressions of {@code constructor}'s class and the {@code this(..)} calls that run it, or
     * {@code null} where a subclass (its {@code super(..)}) or a constructor reference may run it unseen.
     */
    private List<CtAbstractInvocation<?>> constructions(CtConstructor<?> constructor) {
        CtType<?> owner = constructor.getDeclaringType();
        if (owner == null || owner.isAbstract() || subclassed().contains(owner.getQualifiedName())
                || referenced().contains(CONSTRUCTED + owner.getSimpleName())) {
            return null;
        }
        List<CtAbstractInvocation<?>> found = new ArrayList<>();
        List<CtInvocation<?>> delegations = resolvedCalls(constructor, calls().getOrDefault(CtExecutableReference.CONSTRUCTOR_NAME, List.of()));
        List<CtConstructorCall<?>> news = resolvedCalls(constructor, model.constructorCalls().stream()
                .filter(call -> call.getType() != null && call.getType().getSimpleName().equals(owner.getSimpleName())).toList());
        if (delegations == null || news == null) {
            return null;
        }
        found.addAll(delegations);
        found.addAll(news);
        return found;
    }

    /** Those of {@code candidates} that run {@code callee}, or {@code null} where one unresolved might. */
    private <C extends CtAbstractInvocation<?>> List<C> resolvedCalls(CtExecutable<?> callee, List<C> candidates) {
        int arity = callee.getParameters().size();
        boolean varArgs = arity > 0 && callee.getParameters().get(arity - 1).isVarArgs();
        List<C> found = new ArrayList<>();
        for (C call : candidates) {
            if (!varArgs && call.getArguments().size() != arity || model.inTestSources(call)) {
                continue;
            }
            if (call instanceof CtNewClass<?>) {
                return null; // an anonymous subclass's instance: its own code runs too
            }
            CtExecutable<?> target = model.sourceDeclaration(call.getExecutable());
            if (target == callee) {
                found.add(call);
            } else if (target == null && mayBeOf(call.getExecutable(), callee.getParent(CtType.class))) {
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

    /** The qualified names of the classes that a class of the sources extends. */
    private Set<String> subclassed() {
        if (subclassed == null) {
            subclassed = model.spoon().getElements(new TypeFilter<>(CtClass.class)).stream()
                    .filter(type -> type.getSuperclass() != null).map(type -> type.getSuperclass().getQualifiedName())
                    .collect(Collectors.toSet());
        }
        return subclassed;
    }

    private Map<String, List<CtInvocation<?>>> calls() {
        if (callsByName == null) {
            callsByName = model.invocations().stream()
                    .collect(Collectors.groupingBy(call -> call.getExecutable().getSimpleName(), HashMap::new, Collectors.toList()));
        }
        return callsByName;
    }

    /**
     * The names of the methods method references name, and {@link #CONSTRUCTED} with a class's for its constructor
     * references: such code runs whenever its function does.
     */
    private Set<String> referenced() {
        if (referencedNames == null) {
            referencedNames = model.methodReferences().stream()
                    .map(reference -> reference.getExecutable().isConstructor() && reference.getExecutable().getDeclaringType() != null
                            ? CONSTRUCTED + reference.getExecutable().getDeclaringType().getSimpleName()
                            : reference.getExecutable().getSimpleName())
                    .collect(Collectors.toSet());
        }
        return referencedNames;
    }
}
