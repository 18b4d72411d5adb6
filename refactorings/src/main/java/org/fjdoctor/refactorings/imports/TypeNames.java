package org.fjdoctor.refactorings.imports;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.experimental.CtUnresolvedImport;
import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtNamedElement;
import spoon.reflect.declaration.CtPackage;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtTypeReference;
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

    /** The framework of the task whose code holds {@code at}, the JDK's when it is not task code. */
    public static Framework frameworkAt(ForkJoinModel model, CtElement at) {
        CtType<?> type = at.getParent(CtType.class);
        if (type != null && model.types().isForkJoinTask(type.getReference())) {
            return model.types().frameworkOf(type.getReference());
        }
        Reach reach = model.reachOf(at);
        return reach == null || reach.entry().taskType() == null ? Framework.JDK
                : model.types().frameworkOf(reach.entry().taskType().getReference());
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
            CtType<?> next = superclass == null ? null : superclass.getTypeDeclaration();
            current = next != null && !next.isShadow() ? next : null;
        }
        return false;
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
