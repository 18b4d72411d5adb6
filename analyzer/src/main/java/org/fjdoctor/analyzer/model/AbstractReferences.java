package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;

/**
 * What a method reference to an abstract source method runs ({@code supplyAsync(this::init)} with {@code init()}
 * abstract): the implementations a call would run, found by type as {@link Dispatch} finds them, and the declaring
 * types so found, which a focused model must hold the subtypes of, as for the receivers of calls it follows.
 */
final class AbstractReferences {

    private final ModelElements elements;
    private final JavaTypes types;
    private final Declarations declarations;
    private final Set<String> createdOutside;
    /** The declaring types of the abstract methods referenced, with the methods' names. */
    private final Map<String, Set<String>> referenced = new TreeMap<>();

    /**
     * @param createdOutside simple names of classes created in code outside the model (a focused model's blanked
     *                       bodies), as in {@link Dispatch}
     */
    AbstractReferences(ModelElements elements, JavaTypes types, Declarations declarations, Set<String> createdOutside) {
        this.elements = elements;
        this.types = types;
        this.declarations = declarations;
        this.createdOutside = createdOutside;
    }

    /**
     * The bodies a call of the abstract source method {@code method} may run: the implementations in the source
     * classes that are created ({@code new C(..)}, {@code C::new}, or by a framework) and are subtypes of its
     * declaring type; none when they are more than {@link Dispatch#MAX_FAN_OUT}.
     */
    List<CtExecutable<?>> implementations(CtMethod<?> method) {
        CtType<?> declaring = method.getDeclaringType();
        if (declaring == null) {
            return List.of();
        }
        String name = declaring.getQualifiedName();
        referenced.computeIfAbsent(name, k -> new TreeSet<>()).add(method.getSimpleName());
        List<CtExecutable<?>> found = new ArrayList<>();
        for (CtType<?> type : elements.types) {
            if (!type.isClass() || type.hasModifier(ModifierKind.ABSTRACT)
                    || !elements.createdClasses().contains(type.getQualifiedName())
                    && !createdOutside.contains(type.getSimpleName())
                    || CommonPoolCode.isLibraryCode(type) || !types.isSubtypeOf(type.getReference(), name)) {
                continue;
            }
            CtExecutable<?> implementation = declarations.implementation(type, Signature.of(method));
            if (implementation != null && implementation.getBody() != null
                    && !CommonPoolCode.isLibraryCode(implementation) && !found.contains(implementation)) {
                found.add(implementation);
            }
        }
        found.sort(ForkJoinModel.BY_POSITION);
        return found.size() > Dispatch.MAX_FAN_OUT ? List.of() : found;
    }

    /** The declaring types {@link #implementations} was asked about, by name, with the methods referenced. */
    Map<String, DispatchedType> dispatchedTypes() {
        Map<String, DispatchedType> dispatched = new TreeMap<>();
        referenced.forEach((name, methods) -> dispatched.put(name, new DispatchedType(false, methods)));
        return dispatched;
    }
}
