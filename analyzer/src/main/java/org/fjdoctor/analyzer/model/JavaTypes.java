package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.TypeHierarchy;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Subtype questions answered by resolved qualified names, never by simple names (a project may
 * declare its own {@code RecursiveTask}). Works in no-classpath mode: JDK types resolve through
 * Spoon's shadow model, unresolved project types simply have no supertypes.
 */
public final class JavaTypes implements TypeHierarchy {

    public static final String EXECUTOR_SERVICE = "java.util.concurrent.ExecutorService";
    public static final String THREAD_POOL_EXECUTOR = "java.util.concurrent.ThreadPoolExecutor";

    private final Declarations declarations;
    private final Map<String, Set<String>> supertypesByName = new HashMap<>();
    private final Map<CtType<?>, Boolean> inTaskClass = new IdentityHashMap<>();

    JavaTypes(Declarations declarations) {
        this.declarations = declarations;
    }

    /** Whether {@code ref} is {@code qualifiedName} or one of its subtypes. */
    @Override
    public boolean isSubtypeOf(CtTypeReference<?> ref, String qualifiedName) {
        return ref != null && supertypes(ref).contains(qualifiedName);
    }

    /** A task of any framework (in no-classpath mode a backport's RecursiveTask may not resolve further). */
    public boolean isForkJoinTask(CtTypeReference<?> ref) {
        return ref != null && !Collections.disjoint(supertypes(ref), Framework.taskTypes());
    }

    /** A type playing {@code role} in any framework, or a subtype of one. */
    public boolean is(CtTypeReference<?> ref, Role role) {
        return ref != null && !Collections.disjoint(supertypes(ref), role.qualifiedNames());
    }

    /**
     * The framework whose fork/join types {@code ref} extends or is, so that new code names that
     * framework's classes ({@code jsr166y.ForkJoinPool.managedBlock}); the JDK's when there is none.
     */
    public Framework frameworkOf(CtTypeReference<?> ref) {
        if (ref != null) {
            for (String name : supertypes(ref)) {
                Optional<Framework> framework = Framework.declaring(name);
                if (framework.isPresent()) {
                    return framework.get();
                }
            }
        }
        return Framework.JDK;
    }

    /** Whether {@code element} is written inside a task class (or a class nested in one). */
    public boolean isInTaskClass(CtElement element) {
        CtType<?> type = element.getParent(CtType.class);
        return type != null && inTaskClass(type);
    }

    /**
     * Remembered per type: a type's reference is built through all its enclosing types, so asking again for
     * each element of 500 nested anonymous classes would cost the cube of their depth.
     */
    private boolean inTaskClass(CtType<?> type) {
        Boolean known = inTaskClass.get(type);
        if (known == null) {
            CtType<?> outer = type.getParent(CtType.class);
            known = isForkJoinTask(type.getReference()) || outer != null && inTaskClass(outer);
            inTaskClass.put(type, known);
        }
        return known;
    }

    /** The outermost type that {@code type} is nested in, or {@code type} itself. */
    public static CtType<?> topLevel(CtType<?> type) {
        CtType<?> top = type;
        while (top.getDeclaringType() != null) {
            top = top.getDeclaringType();
        }
        return top;
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
