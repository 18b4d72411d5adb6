package org.fjdoctor.refactorings.joinorder;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;

/** The result type a task class declares through its {@code RecursiveTask<V>} or {@code ForkJoinTask<V>}. */
final class TaskResults {

    private static final Map<String, String> UNBOXED = Map.of("java.lang.Long", "long", "java.lang.Integer", "int",
            "java.lang.Short", "short", "java.lang.Byte", "byte", "java.lang.Character", "char",
            "java.lang.Boolean", "boolean", "java.lang.Double", "double", "java.lang.Float", "float");
    /** The task bases whose one type argument is the result, in every framework. */
    private static final Set<String> RESULT_BEARING = Stream.concat(Role.RECURSIVE_TASK.qualifiedNames().stream(),
            Role.TASK.qualifiedNames().stream()).collect(Collectors.toUnmodifiableSet());

    private TaskResults() {
    }

    /** The primitive type of {@code task}'s result, when its class declares a boxed one in the source; else {@code null}. */
    static String unboxedResultOf(CtTypeReference<?> task) {
        CtTypeReference<?> current = task;
        for (int depth = 0; current != null && depth < 8; depth++) {
            if (RESULT_BEARING.contains(current.getQualifiedName())) {
                return current.getActualTypeArguments().size() == 1
                        ? UNBOXED.get(current.getActualTypeArguments().get(0).getQualifiedName()) : null;
            }
            CtType<?> declaration = HalfResolved.typeDeclaration(current);
            current = declaration == null || declaration.isShadow() ? null : declaration.getSuperclass();
        }
        return null;
    }
}
