package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;

/**
 * A method looked up by name and parameters: its erased parameter types where they are known, so that an overload
 * of the same arity ({@code getPage(String)} beside {@code getPage(Page)}) is not taken for the method called.
 * {@code parameters} is {@code null} when the types are unknown (a call the compiler bound to nothing) and then
 * only the arity counts; a type variable's position (a generic method that an override fixes to {@code String})
 * matches any type.
 */
record Signature(String name, int arity, List<String> parameters) {

    /** A type variable's position: any type fits it. */
    private static final String ANY = "?";

    /** By name and arity only. */
    static Signature of(String name, int arity) {
        return new Signature(name, arity, null);
    }

    /** The method a reference names, called with {@code arity} arguments: its parameter types where it has them all. */
    static Signature of(CtExecutableReference<?> reference, int arity) {
        List<CtTypeReference<?>> types = reference.getParameters();
        return new Signature(reference.getSimpleName(), arity, types.size() == arity ? erased(types) : null);
    }

    /** The signature {@code method} declares. */
    static Signature of(CtMethod<?> method) {
        List<CtTypeReference<?>> types = new ArrayList<>();
        for (CtParameter<?> parameter : method.getParameters()) {
            types.add(parameter.getType());
        }
        return new Signature(method.getSimpleName(), types.size(), erased(types));
    }

    /** {@code method} has this name and arity, and takes these parameter types where both are known. */
    boolean fits(CtMethod<?> method) {
        if (!method.getSimpleName().equals(name) || method.getParameters().size() != arity) {
            return false;
        }
        if (parameters == null) {
            return true;
        }
        List<String> declared = of(method).parameters();
        for (int i = 0; i < arity; i++) {
            String own = parameters.get(i);
            String other = declared == null ? null : declared.get(i);
            if (own != null && other != null && !own.equals(ANY) && !other.equals(ANY) && !own.equals(other)) {
                return false;
            }
        }
        return true;
    }

    /** The key an index of implementations files this lookup under. */
    String key() {
        return name + "/" + arity + (parameters == null ? "" : "/" + String.join(",", parameters.stream()
                .map(String::valueOf).toList()));
    }

    private static List<String> erased(List<CtTypeReference<?>> types) {
        List<String> erased = new ArrayList<>();
        for (CtTypeReference<?> type : types) {
            erased.add(erasure(type));
        }
        return erased;
    }

    /** The qualified name of the type's erasure; {@link #ANY} for a type variable, null when unknown. */
    private static String erasure(CtTypeReference<?> type) {
        if (type == null) {
            return null;
        }
        if (type instanceof CtTypeParameterReference || type instanceof CtWildcardReference || containsVariable(type)) {
            return ANY;
        }
        return HalfResolved.lookup(() -> type.getTypeErasure().getQualifiedName(), null);
    }

    /** An array of a type variable ({@code T[]}): erased to its bound's array, which no override need declare. */
    private static boolean containsVariable(CtTypeReference<?> type) {
        CtTypeReference<?> element = type;
        while (element instanceof spoon.reflect.reference.CtArrayTypeReference<?> array) {
            element = array.getComponentType();
        }
        return element instanceof CtTypeParameterReference;
    }
}
