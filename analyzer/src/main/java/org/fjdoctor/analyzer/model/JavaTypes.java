package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Subtype questions answered by resolved qualified names, never by simple names (a project may
 * declare its own {@code RecursiveTask}). Works in no-classpath mode: JDK types resolve through
 * Spoon's shadow model, unresolved project types simply have no supertypes.
 */
public final class JavaTypes {

    public static final String FORK_JOIN_TASK = "java.util.concurrent.ForkJoinTask";
    public static final String RECURSIVE_TASK = "java.util.concurrent.RecursiveTask";
    public static final String RECURSIVE_ACTION = "java.util.concurrent.RecursiveAction";
    public static final String COUNTED_COMPLETER = "java.util.concurrent.CountedCompleter";
    public static final String FORK_JOIN_POOL = "java.util.concurrent.ForkJoinPool";
    public static final String EXECUTOR_SERVICE = "java.util.concurrent.ExecutorService";

    private final Declarations declarations;
    private final Map<String, Set<String>> supertypesByName = new HashMap<>();

    JavaTypes(Declarations declarations) {
        this.declarations = declarations;
    }

    /** Whether {@code ref} is {@code qualifiedName} or one of its subtypes. */
    public boolean isSubtypeOf(CtTypeReference<?> ref, String qualifiedName) {
        return ref != null && supertypes(ref).contains(qualifiedName);
    }

    public boolean isForkJoinTask(CtTypeReference<?> ref) {
        return isSubtypeOf(ref, FORK_JOIN_TASK);
    }

    /** The reference's own name and those of all its resolvable supertypes. */
    public Set<String> supertypes(CtTypeReference<?> ref) {
        if (ref instanceof CtArrayTypeReference<?>) {
            return Set.of();
        }
        if (ref instanceof CtTypeParameterReference parameter) {
            CtTypeReference<?> bound = parameter.getBoundingType();
            return bound == null || bound == ref ? Set.of() : supertypes(bound);
        }
        String name = ref.getQualifiedName();
        Set<String> cached = supertypesByName.get(name);
        if (cached != null) {
            return cached;
        }
        Set<String> result = new LinkedHashSet<>();
        Deque<CtTypeReference<?>> work = new ArrayDeque<>();
        work.add(ref);
        while (!work.isEmpty()) {
            CtTypeReference<?> next = work.poll();
            if (!result.add(next.getQualifiedName())) {
                continue;
            }
            CtType<?> declaration = declarations.type(next);
            if (declaration == null) {
                continue;
            }
            if (declaration.getSuperclass() != null) {
                work.add(declaration.getSuperclass());
            }
            work.addAll(declaration.getSuperInterfaces());
        }
        supertypesByName.put(name, result);
        return result;
    }
}
