package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * The class-hierarchy half of {@link Dispatch}: the source overrides of a called method in the subtypes of the
 * receiver's static type that the program instantiates (class hierarchy analysis narrowed as RTA does), with
 * the subtypes and the created classes it counts, fixed once the model is built.
 */
final class SubtypeOverrides {

    private final Declarations declarations;
    private final Map<String, List<CtType<?>>> subtypesByName = new HashMap<>();
    private final Set<String> instantiated = new HashSet<>();
    /** Classes created inside a task class, or handed to or stored in a task. */
    private final Set<String> taskInstantiated = new HashSet<>();
    private final Set<String> createdOutside;
    /** {@link #of}'s answers, by what it is asked. */
    private final Map<OverridesKey, List<CtExecutable<?>>> overrides = new HashMap<>();

    /**
     * @param createdOutside simple names of classes created in code outside the model (a focused model's
     *                       blanked bodies): created for RTA too, as the full model would see them created
     */
    SubtypeOverrides(ModelElements model, JavaTypes types, Declarations declarations, Set<String> createdOutside,
                     HeldFunctions heldFunctions) {
        this.declarations = declarations;
        this.createdOutside = createdOutside;
        for (CtType<?> type : model.types) {
            if (LibraryBoundary.isLibrary(type.getQualifiedName()) || type.isInterface()) {
                continue;
            }
            for (String supertype : types.supertypes(type.getReference())) {
                subtypesByName.computeIfAbsent(supertype, k -> new ArrayList<>()).add(type);
            }
        }
        instantiated.addAll(model.createdClasses());
        for (CtConstructorCall<?> construction : model.constructorCalls) {
            String created = construction instanceof CtNewClass<?> anonymous && anonymous.getAnonymousClass() != null
                    ? anonymous.getAnonymousClass().getQualifiedName()
                    : construction.getType() == null ? null : construction.getType().getQualifiedName();
            if (created != null && (heldFunctions.heldByTask(construction) || types.isInTaskClass(construction))) {
                taskInstantiated.add(created);
            }
        }
        for (CtExecutableReferenceExpression<?, ?> reference : model.methodReferences) {
            String created = ModelElements.constructed(reference);
            if (created != null && types.isInTaskClass(reference)) {
                taskInstantiated.add(created); // C::new in a task makes a C there, as new C() does
            }
        }
    }

    /** The qualified names of the classes the program creates: what {@link #of} counts behind the user's own types. */
    Set<String> instantiated() {
        return instantiated;
    }

    /** The qualified names of the classes created inside, or handed to, a task: what counts behind a JDK type. */
    Set<String> taskInstantiated() {
        return taskInstantiated;
    }

    /**
     * Overrides of the called method in instantiated source subtypes of the receiver's type; all of them
     * when {@code unbounded}, else none when they are more than the bound.
     */
    List<CtExecutable<?>> of(CtTypeReference<?> receiver, Signature signature, ForkJoinModel model,
                             boolean unbounded) {
        if (receiver == null) {
            return List.of();
        }
        // Behind a JDK interface (Runnable, Comparator, InputStream) a project has many unrelated
        // implementations: only those a task creates, or is handed, count. A library type missing without a
        // classpath (a game server's API interfaces) is implemented for the library's callers by the project's
        // own classes, as its own interfaces are: every instantiated one counts, within the bound.
        boolean everyCreated = isUsersType(receiver) || isMissingLibraryType(receiver);
        // The answer depends on the key alone: the subtypes, the created classes and the declarations are the
        // model's, fixed once this dispatcher is made, and every walk asks again of the same receivers.
        return overrides.computeIfAbsent(new OverridesKey(receiver.getQualifiedName(), signature, unbounded,
                everyCreated), key -> List.copyOf(findOverrides(key, model)));
    }

    /** What {@link #of} is asked: the receiver type's qualified name, the method, and how its subtypes count. */
    private record OverridesKey(String receiver, Signature signature, boolean unbounded, boolean everyCreated) {
    }

    private List<CtExecutable<?>> findOverrides(OverridesKey key, ForkJoinModel model) {
        boolean unbounded = key.unbounded();
        Set<String> created = key.everyCreated() ? instantiated : taskInstantiated;
        List<CtType<?>> subtypes = subtypesByName.getOrDefault(key.receiver(), List.of()).stream()
                .filter(subtype -> subtype.hasModifier(ModifierKind.ABSTRACT)
                        ? created == instantiated && isExtensionPoint(subtype)
                        : created.contains(subtype.getQualifiedName())
                        || created == instantiated && createdOutside.contains(subtype.getSimpleName()))
                .toList();
        Map<CtExecutable<?>, Boolean> found = new IdentityLinkedMap<>(); // an ordered identity set
        for (CtType<?> subtype : subtypes) {
            CtExecutable<?> implementation = declarations.implementation(subtype, key.signature());
            if (Dispatch.isUserCode(implementation, model)) {
                found.putIfAbsent(implementation, true);
            }
        }
        // The bound counts what the call may run, not the classes: the lists that inherit one forEach,
        // or 33 observers of one abstract observer, are one target each, not a cliff.
        if (!unbounded && found.size() > Dispatch.MAX_FAN_OUT) {
            return List.of();
        }
        return new ArrayList<>(found.keySet());
    }

    /**
     * The source classes (no interfaces) whose supertypes include the type named {@code qualifiedName}, itself
     * among them where it is a source class: every class of the scanned tree a value of that type can have.
     */
    List<CtType<?>> sourceSubclasses(String qualifiedName) {
        return subtypesByName.getOrDefault(qualifiedName, List.of());
    }

    /**
     * A public abstract class that no source class extends: a library's extension point (JAAC's
     * {@code LocalActor}), whose instances are its users' subclasses, made outside the scanned tree. They
     * inherit its methods, so RTA counts it as created; an abstract class with source subclasses is
     * represented by those.
     */
    private boolean isExtensionPoint(CtType<?> type) {
        return type.isClass() && type.isPublic() && subtypesByName.getOrDefault(type.getQualifiedName(), List.of())
                .stream().allMatch(subtype -> subtype == type); // a type is among its own supertypes
    }

    /**
     * A type of a library that is neither the JDK nor a fork/join framework, and whose declaration Spoon cannot
     * load (no classpath): all it is known by is the project's classes that name it as their supertype.
     */
    private static boolean isMissingLibraryType(CtTypeReference<?> type) {
        return !LibraryBoundary.isLibrary(type.getQualifiedName()) && HalfResolved.typeDeclaration(type) == null;
    }

    /** A type the project declares itself, not the JDK's or a library's (even when its source is scanned). */
    boolean isUsersType(CtTypeReference<?> type) {
        return declarations.isSource(type) && !LibraryBoundary.isLibrary(type);
    }
}
