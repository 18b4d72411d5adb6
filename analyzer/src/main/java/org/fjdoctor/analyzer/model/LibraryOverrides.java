package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;

/**
 * Whether a source method overrides or implements one declared in library code ({@code Consumer.accept},
 * {@code Runnable.run}). Spoon answers exactly with {@link CtMethod#getTopDefinitions()}, but that adapts every
 * method of every supertype to the overriding one's, which on a large project costs more than the rest of the
 * call-site search. An override has the name and the number of parameters of what it overrides, so a method
 * whose name and arity no library supertype declares cannot override library code, and only the others are
 * asked of Spoon. The names each type's library supertypes declare are kept per model.
 */
final class LibraryOverrides {

    /** Any name may be overridden: a supertype could not be resolved, so its methods are unknown. */
    private static final String ANY = "*";
    /** Object's methods, which every class inherits whether or not its hierarchy names Object. */
    private static final Set<String> OBJECT_METHODS = Set.of("equals/1", "hashCode/0", "toString/0", "clone/0",
            "finalize/0", "getClass/0", "notify/0", "notifyAll/0", "wait/0", "wait/1", "wait/2");

    private final Map<CtType<?>, Set<String>> aboveSourceType = new IdentityHashMap<>();
    private final Map<String, Set<String>> ofLibraryType = new HashMap<>();
    private final Set<CtType<?>> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Whether {@code method} overrides or implements a method of a JDK or fork/join framework type. */
    boolean overridesLibrary(CtMethod<?> method) {
        CtType<?> declaring = method.getDeclaringType();
        return HalfResolved.lookup(() -> declaring.isAnonymous() || mayOverride(method, declaring)
                && method.getTopDefinitions().stream().anyMatch(top -> top.getDeclaringType() != null
                        && LibraryBoundary.isLibrary(top.getDeclaringType().getQualifiedName())), true);
    }

    private boolean mayOverride(CtMethod<?> method, CtType<?> declaring) {
        String key = key(method);
        if (OBJECT_METHODS.contains(key)) {
            return true;
        }
        Set<String> above = libraryNamesAbove(declaring);
        return above.contains(ANY) || above.contains(key);
    }

    /** Name and arity of every method that the library supertypes of a type, at any distance, declare. */
    private Set<String> libraryNamesAbove(CtType<?> type) {
        Set<String> known = aboveSourceType.get(type);
        if (known != null) {
            return known;
        }
        if (!inProgress.add(type)) {
            return Set.of(); // a cycle of a half-resolved hierarchy: its other members add their own names
        }
        Set<String> names = new HashSet<>();
        List<CtTypeReference<?>> parents = supertypes(type);
        if (parents == null) {
            names.add(ANY);
            parents = List.of();
        }
        try {
            for (CtTypeReference<?> parent : parents) {
                if (LibraryBoundary.isLibrary(parent.getQualifiedName())) {
                    names.addAll(libraryNames(parent));
                } else {
                    CtType<?> declaration = HalfResolved.typeDeclaration(parent);
                    names.addAll(declaration == null ? Set.of(ANY) : libraryNamesAbove(declaration));
                }
            }
        } finally {
            inProgress.remove(type);
        }
        aboveSourceType.put(type, names);
        return names;
    }

    /** Name and arity of every method a library type declares or inherits. */
    private Set<String> libraryNames(CtTypeReference<?> library) {
        String name = library.getQualifiedName();
        Set<String> known = ofLibraryType.get(name);
        if (known != null) {
            return known;
        }
        ofLibraryType.put(name, Set.of()); // a cycle ends here
        CtType<?> declaration = HalfResolved.typeDeclaration(library);
        Set<String> names = new HashSet<>();
        if (declaration == null) {
            names.add(ANY);
        } else {
            for (CtMethod<?> method : declaration.getMethods()) {
                names.add(key(method));
            }
            List<CtTypeReference<?>> parents = supertypes(declaration);
            if (parents == null) {
                names.add(ANY);
            } else {
                for (CtTypeReference<?> parent : parents) {
                    names.addAll(libraryNames(parent));
                }
            }
        }
        ofLibraryType.put(name, names);
        return names;
    }

    /** The direct supertypes, or {@code null} when Spoon cannot tell them. */
    private static List<CtTypeReference<?>> supertypes(CtType<?> type) {
        return HalfResolved.lookup(() -> {
            List<CtTypeReference<?>> parents = new ArrayList<>(type.getSuperInterfaces());
            if (type.getSuperclass() != null) {
                parents.add(type.getSuperclass());
            }
            return parents;
        }, null);
    }

    private static String key(CtMethod<?> method) {
        return method.getSimpleName() + "/" + method.getParameters().size();
    }
}
