package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.Set;
import java.util.function.Predicate;

import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;

/**
 * Which task classes ever run: a task class's {@code compute()} is task code only where something creates the class
 * or a subclass of it ({@code new}, an anonymous subclass, {@code C::new}, a container or a reflective registry,
 * {@link FrameworkCreated}). A class that is only imported, or whose {@code new} is commented out, is no entry.
 * A library's users create its tasks: where the sources declare no program entry point ({@code main} outside test
 * sources), a task class nothing creates stays an entry, named as one the library's users may create.
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
     * Whether {@code type}, which no source creates, may still run: in a library (sources without a {@code main}
     * outside test sources) its users create what it declares, through a public constructor or from code of
     * the same package they add; a program runs only what it creates.
     */
    boolean createdByALibrarysUsers(CtClass<?> type) {
        return !application && !type.isAnonymous() && !type.isLocalType();
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
