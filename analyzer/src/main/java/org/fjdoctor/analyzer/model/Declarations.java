package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;
import spoon.reflect.visitor.filter.TypeFilter;

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
    /** The nested types of a top-level type by simple name (see {@link #misresolvedNested}), built on first use. */
    private final Map<CtType<?>, Map<String, List<CtType<?>>>> nestedBySimpleName = new IdentityHashMap<>();
    /**
     * Each class's implementation by name and arity ({@link #implementation}), built on first use: the call graph
     * asks for it once per subtype for every virtual call it walks, and Spoon's lookup by name scans every
     * member of each class up the superclass chain. The model does not change while this index lives (an
     * edit builds a new {@code ForkJoinModel}, and with it a new index).
     */
    private final Map<CtType<?>, Map<String, Optional<CtExecutable<?>>>> implementations = new IdentityHashMap<>();
    /** What each reference denotes ({@link #executable}), kept for the same reason: every walk resolves its calls again. */
    private final Map<CtExecutableReference<?>, Optional<CtExecutable<?>>> executables = new IdentityHashMap<>();

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
        CtType<?> nested = misresolvedNested(ref, name);
        if (nested != null) {
            return nested;
        }
        CtType<?> samePackage = unqualified(ref, name);
        if (samePackage != null) {
            return samePackage;
        }
        if (otherTypes.containsKey(name)) {
            return otherTypes.get(name);
        }
        CtType<?> other = HalfResolved.typeDeclaration(ref);
        otherTypes.put(name, other);
        return other;
    }

    /**
     * A type named without its package ({@code SiteParseAction} for {@code p.SiteParseAction}): Spoon's no-classpath
     * mode names one so inside a lambda whose target type did not resolve ({@code elements.forEach(link -> ..)} with
     * jsoup missing) when the file also imports a package with a wildcard. The source type of that simple name in
     * the file's package.
     */
    private CtType<?> unqualified(CtTypeReference<?> ref, String name) {
        if (name.indexOf('.') >= 0 || name.isEmpty() || ref instanceof CtTypeParameterReference
                || !ref.isParentInitialized()) {
            return null;
        }
        CtType<?> enclosing = ref.getParent(CtType.class);
        CtType<?> top = enclosing == null ? null : JavaTypes.topLevel(enclosing);
        if (top == null || top.getPackage() == null || top.getPackage().getQualifiedName().isEmpty()) {
            return null;
        }
        return sourceTypes.get(top.getPackage().getQualifiedName() + "." + name.replace("<>", ""));
    }

    /**
     * A nested class named as if it were a top-level one of the package ({@code p.Sub} for {@code p.Outer.Sub}):
     * Spoon's no-classpath mode names it so inside a lambda whose parameter types did not resolve
     * ({@code parts.stream().map(part -> new Sub(part))} with parts from a missing jar). The one nested type of
     * that simple name in the file's top-level type, when no top-level type has the name.
     */
    private CtType<?> misresolvedNested(CtTypeReference<?> ref, String name) {
        if (!ref.isParentInitialized()) {
            return null;
        }
        CtType<?> enclosing = ref.getParent(CtType.class);
        if (enclosing == null || enclosing.getPackage() == null) {
            return null;
        }
        CtType<?> top = JavaTypes.topLevel(enclosing);
        String packageName = top.getPackage().getQualifiedName();
        String simple = ref.getSimpleName().replace("<>", ""); // an unresolved diamond keeps its <> in the name
        if (!name.replace("<>", "").equals((packageName.isEmpty() ? "" : packageName + ".") + simple)) {
            return null;
        }
        Map<String, List<CtType<?>>> nested = nestedBySimpleName.computeIfAbsent(top, t -> {
            Map<String, List<CtType<?>>> byName = new HashMap<>();
            for (CtType<?> type : t.getElements(new TypeFilter<CtType<?>>(CtType.class))) {
                if (type != t) {
                    byName.computeIfAbsent(type.getSimpleName(), k -> new ArrayList<>()).add(type);
                }
            }
            return byName;
        });
        List<CtType<?>> found = nested.getOrDefault(simple, List.of());
        return found.size() == 1 ? found.get(0) : null; // two nested types of one name: ambiguous, so none
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
        Optional<CtExecutable<?>> known = executables.get(reference);
        if (known == null) {
            known = Optional.ofNullable(lookUp(reference));
            executables.put(reference, known);
        }
        return known.orElse(null);
    }

    private CtExecutable<?> lookUp(CtExecutableReference<?> reference) {
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
        return HalfResolved.lookup(() -> {
            CtTypeReference<?>[] parameterArray = reference.getParameters().stream().map(Declarations::withoutWildcard)
                    .toArray(CtTypeReference<?>[]::new);
            CtExecutable<?> method = type.getMethod(reference.getSimpleName(), parameterArray);
            if (method == null && reference.isConstructor() && type instanceof CtClass<?> owner) {
                return owner.getConstructor(parameterArray);
            }
            return method;
        }, null);
    }

    /**
     * A wildcard parameter type ({@code apply(?,int)}, a call whose argument is a {@code Message<?>}'s value) as
     * its bound: Spoon compares parameters by erasure, and its erasure of a wildcard looks for the wildcard's
     * declaration through the reference being resolved, without end.
     */
    private static CtTypeReference<?> withoutWildcard(CtTypeReference<?> parameter) {
        if (!(parameter instanceof CtWildcardReference wildcard)) {
            return parameter;
        }
        CtTypeReference<?> bound = wildcard.isUpper() ? wildcard.getBoundingType() : null;
        return bound == null || bound instanceof CtWildcardReference ? parameter.getFactory().Type().objectType() : bound;
    }

    private static CtExecutable<?> spoonLookup(CtExecutableReference<?> reference) {
        return HalfResolved.executableDeclaration(reference);
    }

    /**
     * What an instance of {@code concrete} runs for {@code name}/{@code arity}: its own declaration, else
     * the nearest superclass's (an abstract base class's template method), else the nearest default method of
     * an interface it implements (a {@code Matrix.subtract} that a class inherits). Matched by name and arity: a
     * superset where overloads share an arity, which only adds targets.
     */
    CtExecutable<?> implementation(CtType<?> concrete, String name, int arity) {
        return implementation(concrete, Signature.of(name, arity));
    }

    /**
     * As {@link #implementation(CtType, String, int)}, preferring the method whose parameter types are the
     * signature's: a same-arity overload is another method, not a second target. Where none has them (an
     * override that fixes a generic parameter the signature does not show as one), the first of the same arity.
     */
    CtExecutable<?> implementation(CtType<?> concrete, Signature signature) {
        return implementations.computeIfAbsent(concrete, type -> new HashMap<>())
                .computeIfAbsent(signature.key(), key -> Optional.ofNullable(findImplementation(concrete, signature)))
                .orElse(null);
    }

    private CtExecutable<?> findImplementation(CtType<?> concrete, Signature signature) {
        CtExecutable<?> exact = signature.parameters() == null ? null : findImplementation(concrete, signature.name(),
                signature::fits);
        return exact != null ? exact : findImplementation(concrete, signature.name(),
                method -> method.getParameters().size() == signature.arity());
    }

    private CtExecutable<?> findImplementation(CtType<?> concrete, String name, Predicate<CtMethod<?>> fits) {
        for (CtType<?> type = concrete; type != null && !type.isShadow(); ) {
            for (CtMethod<?> method : type.getMethodsByName(name)) {
                if (fits.test(method) && method.getBody() != null) {
                    return method;
                }
            }
            type = type.getSuperclass() == null ? null : type(type.getSuperclass());
        }
        return inheritedDefault(concrete, name, fits);
    }

    /** The default method nearest to {@code concrete} among the interfaces of it and its superclasses, breadth first. */
    private CtExecutable<?> inheritedDefault(CtType<?> concrete, String name, Predicate<CtMethod<?>> fits) {
        List<CtType<?>> level = new ArrayList<>();
        for (CtType<?> type = concrete; type != null && !type.isShadow(); ) {
            level.add(type);
            type = type.getSuperclass() == null ? null : type(type.getSuperclass());
        }
        Set<CtType<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!level.isEmpty()) {
            List<CtType<?>> next = new ArrayList<>();
            for (CtType<?> type : level) {
                for (CtTypeReference<?> superInterface : type.getSuperInterfaces()) {
                    CtType<?> declared = type(superInterface);
                    if (declared == null || declared.isShadow() || !seen.add(declared)) {
                        continue;
                    }
                    for (CtMethod<?> method : declared.getMethodsByName(name)) {
                        if (fits.test(method) && method.getBody() != null && !method.isStatic()) {
                            return method;
                        }
                    }
                    next.add(declared);
                }
            }
            level = next;
        }
        return null;
    }

    /**
     * The code a function value made by {@code made} runs when called as {@code name} with {@code arity}
     * arguments: the lambda itself (whatever its arity when {@code arity} is negative), the method a method
     * reference names, or the implementation in the class of an anonymous class, a {@code new T(..)} or
     * {@code this}. {@code null} when it is none of these or nothing in the sources implements it.
     */
    CtExecutable<?> functionBody(CtExpression<?> made, String name, int arity) {
        if (made instanceof CtLambda<?> lambda) {
            return arity < 0 || lambda.getParameters().size() == arity ? lambda : null;
        }
        if (made instanceof CtExecutableReferenceExpression<?, ?> reference) {
            return executable(reference.getExecutable());
        }
        CtType<?> type = null;
        if (made instanceof CtNewClass<?> anonymous && anonymous.getAnonymousClass() != null) {
            type = anonymous.getAnonymousClass();
        } else if (made instanceof CtConstructorCall<?> construction && construction.getType() != null) {
            type = type(construction.getType());
        } else if (made instanceof CtThisAccess<?>) {
            type = made.getParent(CtType.class);
        }
        return type == null || name == null ? null : implementation(type, name, arity);
    }

    /** The {@code run()}, else the {@code call()}, an instance of {@code type} runs: what an executor runs. */
    CtExecutable<?> runOrCall(CtType<?> type) {
        if (type == null) {
            return null;
        }
        CtExecutable<?> run = implementation(type, "run", 0);
        return run != null ? run : implementation(type, "call", 0);
    }
}
