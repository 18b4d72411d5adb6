package org.fjdoctor.refactorings.managedblock;

import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.model.JavaTypes;

import spoon.reflect.cu.CompilationUnit;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.declaration.CtNamedElement;
import spoon.reflect.declaration.CtPackage;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/** How new code names {@code java.util.concurrent.ForkJoinPool} in a file without changing its imports. */
final class PoolName {

    private PoolName() {
    }

    /**
     * {@code ForkJoinPool} when the file imports it (by name, or {@code java.util.concurrent.*} with no
     * type of that name in the package), the qualified name otherwise; {@code null} when the file
     * declares a type or variable that would hide either.
     */
    static String in(CtElement at) {
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
                if (type.getQualifiedName().equals(JavaTypes.FORK_JOIN_POOL)) {
                    byName = true;
                } else if (type.getSimpleName().equals("ForkJoinPool")) {
                    declared.add("ForkJoinPool"); // another ForkJoinPool is imported
                }
            }
            if (imported.getImportKind() == CtImportKind.ALL_TYPES && imported.getReference() instanceof CtPackageReference p
                    && p.getQualifiedName().equals("java.util.concurrent")) {
                onDemand = true;
            }
        }
        CtPackage ownPackage = top.getPackage();
        boolean packageHasPool = ownPackage != null && ownPackage.getType("ForkJoinPool") != null;
        if (!declared.contains("ForkJoinPool") && (byName || onDemand && !packageHasPool)) {
            return "ForkJoinPool";
        }
        boolean javaHidden = declared.contains("java") || ownPackage != null && ownPackage.getType("java") != null;
        return javaHidden ? null : JavaTypes.FORK_JOIN_POOL;
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
