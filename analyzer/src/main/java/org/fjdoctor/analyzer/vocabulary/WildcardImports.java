package org.fjdoctor.analyzer.vocabulary;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import spoon.experimental.CtUnresolvedImport;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.reference.CtPackageReference;
import spoon.reflect.reference.CtReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for types named through a wildcard import: with {@code import org.apache.kafka.clients.consumer.*}
 * and Kafka's jar absent, Spoon places {@code KafkaConsumer} in the file's own package, so no owner of the API table
 * matches it. Where
 * such a simple name is the simple name of exactly one type the tables know ({@link Known}: every owner of
 * {@link Apis#TABLE}) in one of the file's wildcard-imported packages, it is that type. This is sound for code that
 * compiles: a type of that name exists in that package, so no other on-demand import may supply one (Java rejects
 * the ambiguity), and a single-type import or a type of the file's own package, which would shadow it, is
 * resolved by Spoon already.
 */
final class WildcardImports {

    private WildcardImports() {
    }

    /** Every owner type of the API table, by qualified (source) name, grouped by the package or type that holds it. */
    private static final class Known {
        static final Map<String, Set<String>> BY_CONTAINER = known();

        private static Map<String, Set<String>> known() {
            Map<String, Set<String>> names = new HashMap<>();
            for (Apis.Api api : Apis.TABLE) {
                for (String owner : api.matcher().owners()) {
                    String name = owner.replace('$', '.');
                    int dot = name.lastIndexOf('.');
                    if (dot > 0) {
                        names.computeIfAbsent(name.substring(0, dot), container -> new HashSet<>()).add(name);
                    }
                }
            }
            return names;
        }
    }

    /** The metadata key of a unit's known types by simple name ({@link #knownBySimpleName}). */
    private static final String KNOWN_HERE = "fjdoctor.wildcardImportedTypes";
    /** A simple name two of a unit's wildcard imports supply a known type for: not this repair's to choose. */
    private static final String AMBIGUOUS = "";

    /**
     * {@code type}, or the one known library type its simple name stands for through a wildcard import of the file
     * that {@code at} is written in, where {@code type} did not resolve to a package.
     */
    static CtTypeReference<?> resolve(CtTypeReference<?> type, CtElement at) {
        if (type == null || type.isPrimitive() || type.getDeclaringType() != null || at == null
                || !at.getPosition().isValidPosition()) {
            return type;
        }
        CtCompilationUnit unit = at.getPosition().getCompilationUnit();
        if (unit == null) {
            return type;
        }
        String found = knownBySimpleName(unit).get(type.getSimpleName());
        if (found == null || found.equals(AMBIGUOUS) || !unboundInOwnPackage(type, unit)) {
            return type;
        }
        CtTypeReference<?> repaired = type.getFactory().Type().createReference(found);
        repaired.setActualTypeArguments(type.getActualTypeArguments());
        return repaired;
    }

    /**
     * The known types {@code unit}'s wildcard imports supply, by simple name ({@link #AMBIGUOUS} where two do):
     * worked out once per unit and kept on it, as every call's receiver type asks. The model is not changed after
     * it is built, and a replaced unit is a new one.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, String> knownBySimpleName(CtCompilationUnit unit) {
        Object kept = unit.getMetadata(KNOWN_HERE);
        if (kept != null) {
            return (Map<String, String>) kept;
        }
        Map<String, String> bySimpleName = new HashMap<>();
        for (CtImport imported : unit.getImports()) {
            String container = wildcardContainer(imported);
            for (String name : container == null ? Set.<String>of() : Known.BY_CONTAINER.getOrDefault(container, Set.of())) {
                bySimpleName.merge(name.substring(container.length() + 1), name,
                        (one, other) -> one.equals(other) ? one : AMBIGUOUS);
            }
        }
        Map<String, String> known = Map.copyOf(bySimpleName);
        unit.putMetadata(KNOWN_HERE, known);
        return known;
    }

    /**
     * Whether Spoon placed {@code type} in the file's own package for want of a binding (what no-classpath mode does
     * with a simple name it cannot resolve) while no type of that name is declared there in the sources.
     */
    private static boolean unboundInOwnPackage(CtTypeReference<?> type, CtCompilationUnit unit) {
        CtPackageReference pack = type.getPackage();
        String typePackage = pack == null || pack.isUnnamedPackage() ? "" : pack.getQualifiedName();
        String filePackage = unit.getDeclaredPackage() == null || unit.getDeclaredPackage().isUnnamedPackage() ? ""
                : unit.getDeclaredPackage().getQualifiedName();
        return typePackage.equals(filePackage) && type.getDeclaration() == null;
    }

    /** The package or type whose members an on-demand import brings in, or {@code null} for other imports. */
    private static String wildcardContainer(CtImport imported) {
        if (imported instanceof CtUnresolvedImport unresolved) {
            String text = unresolved.getUnresolvedReference();
            return !unresolved.isStatic() && text.endsWith(".*") ? text.substring(0, text.length() - 2) : null;
        }
        if (imported.getImportKind() == CtImportKind.ALL_TYPES) {
            CtReference reference = imported.getReference();
            return reference instanceof CtPackageReference pack ? pack.getQualifiedName()
                    : reference instanceof CtTypeReference<?> outer ? outer.getQualifiedName().replace('$', '.') : null;
        }
        return null;
    }
}
