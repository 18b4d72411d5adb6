package org.fjdoctor.analyzer.isolation;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Supplier;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The one policy for Spoon's half-resolved types. Without a (complete) classpath Spoon builds references
 * it can only half resolve, and looking one up (its declaration, its supertypes, the JDK class behind
 * it) may throw instead of answering {@code null}: a {@code SpoonClassNotFoundException}, a
 * {@code NullPointerException} inside Spoon, or a {@code LinkageError} from loading a shadow class.
 * Every such lookup goes through here and answers "unknown" instead, which each caller already handles
 * as it handles an unresolved reference. Some lookups recurse without end inside Spoon (the erasure of a
 * wildcard parameter looks for its declaration through the very reference being resolved): the overflow
 * unwinds to here and is "unknown" too, so one such call costs its own resolution, not the run.
 */
public final class HalfResolved {

    private HalfResolved() {
    }

    /** What {@code lookup} answers, or {@code unknown} where Spoon cannot complete it. */
    public static <T> T lookup(Supplier<T> lookup, T unknown) {
        try {
            return lookup.get();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            return unknown;
        }
    }

    /**
     * The type's declaration, or {@code null} when Spoon has none or cannot find it, or when the shadow
     * declaration it built is unusable: a class read by reflection can come back as its own parent, and then
     * every question that climbs to its package (its qualified name, its top-level type) recurses without end.
     */
    public static CtType<?> typeDeclaration(CtTypeReference<?> type) {
        CtType<?> declaration = lookup(type::getTypeDeclaration, null);
        return declaration == null || hasParentCycle(declaration) ? null : declaration;
    }

    /** Whether climbing from {@code element} through its parents comes back to an element already passed. */
    public static boolean hasParentCycle(CtElement element) {
        Set<CtElement> passed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (CtElement at = element; at != null && at.isParentInitialized(); at = at.getParent()) {
            if (!passed.add(at)) {
                return true;
            }
        }
        return false;
    }

    /** The executable's declaration, or {@code null} when Spoon has none or cannot find it. */
    public static CtExecutable<?> executableDeclaration(CtExecutableReference<?> executable) {
        return lookup(executable::getExecutableDeclaration, null);
    }

    /** Whether {@code type} is {@code supertype} or a subtype of it; {@code false} when that cannot be told. */
    public static boolean isSubtypeOf(CtTypeReference<?> type, CtTypeReference<?> supertype) {
        return lookup(() -> type.isSubtypeOf(supertype), false);
    }
}
