package org.fjdoctor.refactorings.imports;

import java.util.HashSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.experimental.CtUnresolvedImport;
import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtFormalTypeDeclarer;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtNamedElement;
import spoon.reflect.declaration.CtPackage;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtIntersectionTypeReference;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * How new code names a type in a file without changing its imports: by simple name when the file
 * imports it (by name, or its package on demand with no type of that name in the file's own package),
 * by qualified name otherwise; {@code null} when a declaration in the file would hide either. And which
 * fork/join framework's classes the code around an element uses ({@code jsr166y.ForkJoinPool} in a
 * task that extends {@code jsr166y.RecursiveTask}).
 */
public final class TypeNames {

    private TypeNames() {
    }

    /**
     * The framework whose pool runs the code that holds {@code at}: its task class's, else that of the entry that
     * reaches it (a Runnable handed to a jsr166y pool runs there); the JDK's when it is not task code.
     */
    public static Framework frameworkAt(ForkJoinModel model, CtElement at) {
        CtType<?> type = at.getParent(CtType.class);
        if (type != null && model.types().isForkJoinTask(type.getReference())) {
            return model.types().frameworkOf(type.getReference());
        }
        Reach reach = model.reachOf(at);
        return reach == null ? Framework.JDK : reach.entry().framework();
    }

    /** {@code role}'s class of {@code framework} as code at {@code at} can name it, or {@code null}. */
    public static String in(CtElement at, Framework framework, Role role) {
        return in(at, framework.packageName(), role.simpleName());
    }

    /** The type {@code packageName.simpleName} as code at {@code at} can name it, or {@code null}. */
    public static String in(CtElement at, String packageName, String simpleName) {
        String qualified = packageName + "." + simpleName;
        CompilationUnit unit = at.getPosition().getCompilationUnit();
        CtType<?> top = at.getParent(CtType.class);
        while (top != null && top.getDeclaringType() != null) {
            top = top.getDeclaringType();
        }
        if (unit == null || top == null) {
            return null;
        }
        Set<String> declared = declaredNames(unit);
        boolean byName = false;
        boolean onDemand = false;
        for (CtImport imported : unit.getImports()) {
            if (imported.getImportKind() == CtImportKind.TYPE && imported.getReference() instanceof CtTypeReference<?> type) {
                if (type.getQualifiedName().equals(qualified)) {
                    byName = true;
                } else if (type.getSimpleName().equals(simpleName)) {
                    declared.add(simpleName); // another type of that name is imported
                }
            }
            if (imported.getImportKind() == CtImportKind.ALL_TYPES && imported.getReference() instanceof CtPackageReference p
                    && p.getQualifiedName().equals(packageName)) {
                onDemand = true;
            }
            // Without a classpath a library's imports (jsr166y.ForkJoinPool) stay unresolved, as text.
            if (imported instanceof CtUnresolvedImport unresolved && !unresolved.isStatic()) {
                String name = unresolved.getUnresolvedReference();
                byName |= name.equals(qualified);
                onDemand |= name.equals(packageName + ".*");
                if (!name.equals(qualified) && name.endsWith("." + simpleName)) {
                    declared.add(simpleName);
                }
            }
        }
        // java.lang is imported on demand by every file.
        onDemand |= packageName.equals("java.lang");
        CtPackage ownPackage = top.getPackage();
        boolean packageHasType = ownPackage != null && ownPackage.getType(simpleName) != null;
        boolean samePackage = ownPackage != null && ownPackage.getQualifiedName().equals(packageName);
        if (!declared.contains(simpleName) && (byName || samePackage || onDemand && !packageHasType)) {
            return simpleName;
        }
        String first = packageName.contains(".") ? packageName.substring(0, packageName.indexOf('.')) : packageName;
        boolean rootHidden = declared.contains(first) || ownPackage != null && ownPackage.getType(first) != null;
        return rootHidden ? null : qualified;
    }

    /**
     * How code at {@code at} calls ForkJoinTask.invokeAll: unqualified inside a task class (it is inherited,
     * and no source class on the way declares its own invokeAll), else on {@code taskClass} (the framework's
     * ForkJoinTask as {@link #in} names it); {@code null} when a declaration hides that.
     */
    public static String invokeAll(ForkJoinModel model, CtElement at, String taskClass) {
        CtType<?> type = at.getParent(CtType.class);
        if (type instanceof CtClass<?> && model.types().isForkJoinTask(type.getReference()) && !declaresInvokeAll(type)) {
            return "invokeAll";
        }
        return taskClass == null ? null : taskClass + ".invokeAll";
    }

    private static boolean declaresInvokeAll(CtType<?> type) {
        for (CtType<?> current = type; current != null; ) {
            for (CtMethod<?> method : current.getMethods()) {
                if (method.getSimpleName().equals("invokeAll")) {
                    return true;
                }
            }
            CtTypeReference<?> superclass = current.getSuperclass();
            CtType<?> next = superclass == null ? null : HalfResolved.typeDeclaration(superclass);
            current = next != null && !next.isShadow() ? next : null;
        }
        return false;
    }

    /**
     * How code at {@code at} writes {@code type} with its type arguments ({@code List<Future<Integer>>}),
     * each class named as {@link #in} names it; {@code null} when some part cannot be written there: a type
     * variable out of scope, an intersection, a local or anonymous class, an unresolved type, a class that is not
     * accessible there, or a name a declaration hides. A type variable is written when it is in scope there.
     */
    public static String written(CtElement at, CtTypeReference<?> type) {
        // a wildcard is a type argument, never the type of a value (a captured ? extends T is no declarable type)
        return type instanceof CtWildcardReference ? null : argument(at, type);
    }

    private static String argument(CtElement at, CtTypeReference<?> type) {
        if (type == null || type instanceof CtIntersectionTypeReference<?>) {
            return null;
        }
        if (type instanceof CtWildcardReference wildcard) {
            CtTypeReference<?> bound = wildcard.getBoundingType();
            if (bound == null || wildcard.isDefaultBoundingType()) {
                return "?";
            }
            String boundText = written(at, bound);
            return boundText == null ? null : (wildcard.isUpper() ? "? extends " : "? super ") + boundText;
        }
        if (type instanceof CtTypeParameterReference variable) {
            return inScope(at, variable) ? variable.getSimpleName() : null;
        }
        if (type instanceof CtArrayTypeReference<?> array) {
            String component = written(at, array.getComponentType());
            return component == null ? null : component + "[]";
        }
        if (type.isPrimitive()) {
            return type.getSimpleName();
        }
        if (type.isAnonymous() || type.isLocalType() || !accessible(at, type)) {
            return null;
        }
        StringBuilder name = new StringBuilder();
        CtTypeReference<?> top = type;
        for (CtTypeReference<?> outer = type.getDeclaringType(); outer != null; outer = outer.getDeclaringType()) {
            if (!outer.getActualTypeArguments().isEmpty()) {
                return null; // Outer<T>.Inner
            }
            name.insert(0, "." + top.getSimpleName());
            top = outer;
        }
        CtPackageReference pack = top.getPackage();
        String topName = pack == null || pack.isUnnamedPackage() ? null : in(at, pack.getQualifiedName(), top.getSimpleName());
        if (topName == null) {
            return null;
        }
        name.insert(0, topName);
        if (!type.getActualTypeArguments().isEmpty()) {
            StringJoiner arguments = new StringJoiner(", ", "<", ">");
            for (CtTypeReference<?> argument : type.getActualTypeArguments()) {
                String text = argument(at, argument);
                if (text == null) {
                    return null;
                }
                arguments.add(text);
            }
            name.append(arguments);
        }
        return name.toString();
    }

    /**
     * Whether the type variable is one that code at {@code at} sees by its name: the nearest enclosing
     * method or class declaring a type parameter of that name declares this one.
     */
    private static boolean inScope(CtElement at, CtTypeParameterReference variable) {
        CtTypeParameter declaration = HalfResolved.lookup(variable::getDeclaration, null);
        if (declaration == null) {
            return false;
        }
        for (CtElement e = at; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            if (e instanceof CtFormalTypeDeclarer declarer) {
                for (CtTypeParameter parameter : declarer.getFormalCtTypeParameters()) {
                    if (parameter.getSimpleName().equals(variable.getSimpleName())) {
                        return parameter == declaration;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether code at {@code at} may name the class: public, or in the same package (package access), or
     * private within the same top-level class; unresolved types are not.
     */
    private static boolean accessible(CtElement at, CtTypeReference<?> type) {
        CtType<?> declaration = HalfResolved.typeDeclaration(type);
        if (declaration == null) {
            return false;
        }
        for (CtType<?> t = declaration; t != null; t = t.getDeclaringType()) {
            if (t.isPublic()) {
                continue;
            }
            CtType<?> here = at.getParent(CtType.class);
            if (t.isPrivate()) {
                return here != null && JavaTypes.topLevel(here) == JavaTypes.topLevel(t);
            }
            CtPackage ownPackage = here == null ? null : JavaTypes.topLevel(here).getPackage();
            CtPackage theirs = JavaTypes.topLevel(t).getPackage();
            if (ownPackage == null || theirs == null || !ownPackage.getQualifiedName().equals(theirs.getQualifiedName())) {
                return false; // package-private or protected elsewhere
            }
        }
        return true;
    }

    /** Simple names of every type and variable declared in the file. */
    private static Set<String> declaredNames(CompilationUnit unit) {
        return unit.getDeclaredTypes().stream()
                .flatMap(type -> type.getElements(new TypeFilter<>(CtNamedElement.class)).stream())
                .filter(e -> e instanceof CtType<?> || e instanceof CtVariable<?>)
                .map(CtNamedElement::getSimpleName)
                .collect(Collectors.toCollection(HashSet::new));
    }
}
