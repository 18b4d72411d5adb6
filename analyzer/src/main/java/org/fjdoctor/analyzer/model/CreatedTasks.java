package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;

/**
 * Which task classes ever run: a task class's {@code compute()} is task code only where something creates the class
 * or a subclass of it ({@code new}, an anonymous subclass, {@code C::new}, a container or a reflective registry,
 * {@link FrameworkCreated}). A class that is only imported, or whose {@code new} is commented out, is no entry.
 * A library's users create its public tasks: where the sources declare no program entry point ({@code main}) and
 * nothing creates a public task class that code outside can create, it stays an entry, named as the library's API.
 */
public final class CreatedTasks {

    /**
     * What a focused model's names of classes created outside it ({@code createdOutside}) hold besides class names
     * when a file outside test sources declares a {@code main} method: no class can be named so.
     */
    public static final String PROGRAM_ENTRY = "main()";

    /** The qualified names of the classes some source creates, and of all their supertypes. */
    private final Set<String> created = new HashSet<>();
    private final Set<String> createdOutside;
    private final boolean application;

    CreatedTasks(ModelElements elements, JavaTypes types, Set<String> createdOutside, Predicate<CtElement> inTests) {
        this.createdOutside = createdOutside;
        Set<String> constructed = new HashSet<>(elements.constructedTypes());
        constructed.addAll(FrameworkCreated.in(elements));
        for (CtType<?> type : elements.types) {
            if (type instanceof CtClass<?> && (type.isAnonymous() || constructed.contains(type.getQualifiedName())
                    || createdOutside.contains(type.getSimpleName()))) {
                created.add(type.getQualifiedName());
                created.addAll(types.supertypes(type.getReference()));
            }
        }
        this.application = createdOutside.contains(PROGRAM_ENTRY)
                || elements.methods.stream().anyMatch(method -> isProgramEntry(method) && !inTests.test(method));
    }

    /** Whether some source creates {@code type} or a subclass of it. */
    boolean created(CtClass<?> type) {
        return created.contains(type.getQualifiedName()) || createdOutside.contains(type.getSimpleName());
    }

    /**
     * Whether {@code type}, which no source creates, is a task of a library's API: the sources have no
     * {@code main}, and the class and every class it is nested in are public, with a constructor code elsewhere can
     * call (a subclass's, for an abstract one).
     */
    boolean publishedByALibrary(CtClass<?> type) {
        if (application || type.isAnonymous() || type.isLocalType()) {
            return false;
        }
        for (CtType<?> declaring = type; declaring != null; declaring = declaring.getDeclaringType()) {
            if (!declaring.hasModifier(ModifierKind.PUBLIC)) {
                return false;
            }
        }
        Set<? extends CtConstructor<?>> constructors = type.getConstructors();
        return constructors.stream().allMatch(CtConstructor::isImplicit)
                || constructors.stream().anyMatch(constructor -> constructor.hasModifier(ModifierKind.PUBLIC)
                        || constructor.hasModifier(ModifierKind.PROTECTED));
    }

    /**
     * {@code void main(..)} with a body: the start of a program (a launcher, a server, an example), which a library
     * meant to be called from elsewhere has not. The lexical index finds the same shape in files outside the model.
     */
    static boolean isProgramEntry(CtMethod<?> method) {
        return "main".equals(method.getSimpleName()) && method.getBody() != null && method.getType() != null
                && "void".equals(method.getType().getSimpleName());
    }
}
