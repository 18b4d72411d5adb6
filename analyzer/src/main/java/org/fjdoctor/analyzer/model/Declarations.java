package org.fjdoctor.analyzer.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Resolves type and executable references to their declarations through one index of the model's
 * types by qualified name, built in a single pass.
 *
 * <p>Why not {@link CtTypeReference#getTypeDeclaration()}: for a nested, local or anonymous type
 * Spoon finds the declaration by scanning the whole outer type, bodies included, on every call. On
 * the JDK's own sources (hundreds of nested classes in files of thousands of lines) that scanning
 * was measured at about a third of a focused scan's time. The index gives the same answers: a type
 * in the model is found by its qualified name; anything else (JDK or library types in no-classpath
 * mode) falls back to Spoon's shadow model, once per name.
 */
public final class Declarations {

    private final Map<String, CtType<?>> sourceTypes = new HashMap<>();
    private final Map<String, CtType<?>> otherTypes = new HashMap<>();

    Declarations(List<CtType<?>> modelTypes) {
        for (CtType<?> type : modelTypes) {
            sourceTypes.putIfAbsent(type.getQualifiedName(), type);
        }
    }

    /** Whether the type is declared in the scanned sources (not only in the JDK or a library). */
    public boolean isSource(CtTypeReference<?> ref) {
        return ref != null && sourceTypes.containsKey(ref.getQualifiedName());
    }

    /** The type's declaration, from source or the shadow model; {@code null} when it cannot be resolved. */
    public CtType<?> type(CtTypeReference<?> ref) {
        if (ref == null) {
            return null;
        }
        String name = ref.getQualifiedName();
        CtType<?> source = sourceTypes.get(name);
        if (source != null) {
            return source;
        }
        if (otherTypes.containsKey(name)) {
            return otherTypes.get(name);
        }
        CtType<?> other;
        try {
            other = ref.getTypeDeclaration();
        } catch (RuntimeException | LinkageError e) {
            other = null; // Spoon throws for types it can only half-resolve in no-classpath mode
        }
        otherTypes.put(name, other);
        return other;
    }

    /**
     * The executable a reference denotes, as {@link CtExecutableReference#getExecutableDeclaration()}
     * finds it (a method by name and parameter types, else a constructor), with the declaring type
     * looked up in the index; {@code null} when it cannot be resolved.
     */
    public CtExecutable<?> executable(CtExecutableReference<?> reference) {
        if (reference == null) {
            return null;
        }
        CtTypeReference<?> declaringType = reference.getDeclaringType();
        if (declaringType == null || declaringType instanceof CtArrayTypeReference<?>
                || reference.getSimpleName().startsWith(CtExecutableReference.LAMBDA_NAME_PREFIX)) {
            // Array constructors and lambdas: rare, and Spoon's own lookup handles them.
            return spoonLookup(reference);
        }
        CtType<?> type = type(declaringType);
        if (type == null) {
            return null;
        }
        try {
            List<CtTypeReference<?>> parameters = reference.getParameters();
            CtTypeReference<?>[] parameterArray = parameters.toArray(new CtTypeReference<?>[0]);
            CtExecutable<?> method = type.getMethod(reference.getSimpleName(), parameterArray);
            if (method == null && reference.isConstructor() && type instanceof CtClass<?> owner) {
                return owner.getConstructor(parameterArray);
            }
            return method;
        } catch (RuntimeException | LinkageError e) {
            return null; // half-resolved in no-classpath mode
        }
    }

    private static CtExecutable<?> spoonLookup(CtExecutableReference<?> reference) {
        try {
            return reference.getExecutableDeclaration();
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
