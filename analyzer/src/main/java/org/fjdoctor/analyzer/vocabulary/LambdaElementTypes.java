package org.fjdoctor.analyzer.vocabulary;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;

/**
 * A no-classpath repair for an implicitly typed lambda parameter over a collection of a missing jar's type: in
 * {@code repositories.stream().map(repo -> repo.queryIssues())} over a {@code List<GHRepository>}, JDT cannot bind
 * {@code map}, and leaves {@code repo} without a type. The JDK's signatures fix it all the same: a stream made by
 * {@code stream()}/{@code parallelStream()} of a {@code Collection<E>}, and every step that keeps its elements, hands
 * each element function an {@code E}, as {@code Iterable.forEach} and {@code Collection.removeIf} do. Only that chain is
 * read, with the collection's type argument as written; a wildcard or a type variable says nothing.
 */
final class LambdaElementTypes {

    /** Stream steps (and {@code Iterable}/{@code Collection} methods) whose function takes each element. */
    private static final Set<String> TAKES_ELEMENT = Set.of("forEach", "forEachOrdered", "map", "flatMap", "filter",
            "peek", "anyMatch", "allMatch", "noneMatch", "mapToInt", "mapToLong", "mapToDouble", "takeWhile",
            "dropWhile", "removeIf", "mapMulti");
    /** Stream steps that keep the elements of the stream they are called on. */
    private static final Set<String> KEEPS_ELEMENTS = Set.of("filter", "sorted", "distinct", "peek", "limit", "skip",
            "parallel", "sequential", "unordered", "takeWhile", "dropWhile", "onClose");
    /** The collection's own methods that take each element. */
    private static final Set<String> ON_COLLECTION = Set.of("forEach", "removeIf");

    private LambdaElementTypes() {
    }

    /** The element type {@code read}, an untyped lambda parameter, takes from the collection it walks, or {@code null}. */
    static CtTypeReference<?> typeOf(CtVariableRead<?> read) {
        if (!(read.getVariable() instanceof CtParameterReference<?> reference)) {
            return null;
        }
        CtParameter<?> parameter = HalfResolved.lookup(reference::getDeclaration, null);
        if (parameter == null || !parameter.isParentInitialized() || !(parameter.getParent() instanceof CtLambda<?> lambda)
                || lambda.getParameters().size() != 1 || !lambda.isParentInitialized()
                || !(lambda.getParent() instanceof CtInvocation<?> stage) || stage.getArguments().size() != 1
                || stage.getArguments().get(0) != lambda || stage.getExecutable() == null
                || !TAKES_ELEMENT.contains(stage.getExecutable().getSimpleName())) {
            return null;
        }
        if (ON_COLLECTION.contains(stage.getExecutable().getSimpleName())) {
            CtTypeReference<?> collection = MethodMatcher.receiverType(stage);
            if (isIterable(collection)) {
                return elementOf(collection);
            }
        }
        CtExpression<?> source = stage.getTarget();
        while (source instanceof CtInvocation<?> kept && kept.getExecutable() != null
                && KEEPS_ELEMENTS.contains(kept.getExecutable().getSimpleName()) && isStream(MethodMatcher.receiverType(kept))) {
            source = kept.getTarget();
        }
        if (!(source instanceof CtInvocation<?> made) || made.getExecutable() == null || !made.getArguments().isEmpty()
                || !List.of("stream", "parallelStream").contains(made.getExecutable().getSimpleName())) {
            return null;
        }
        CtTypeReference<?> collection = MethodMatcher.receiverType(made);
        return isIterable(collection) && isStream(MethodMatcher.receiverType(stage)) ? elementOf(collection) : null;
    }

    private static CtTypeReference<?> elementOf(CtTypeReference<?> collection) {
        List<CtTypeReference<?>> arguments = collection.getActualTypeArguments();
        CtTypeReference<?> element = arguments.size() == 1 ? arguments.get(0) : null;
        return element == null || element instanceof CtTypeParameterReference || element instanceof CtWildcardReference
                || VarTypes.isUnknown(element) ? null : element;
    }

    private static boolean isIterable(CtTypeReference<?> type) {
        return isJdkSubtype(type, "java.lang.Iterable");
    }

    private static boolean isStream(CtTypeReference<?> type) {
        return isJdkSubtype(type, "java.util.stream.Stream");
    }

    /** Whether {@code type}, a JDK type (whose shadow class Spoon reads), is {@code jdkType} or below it. */
    private static boolean isJdkSubtype(CtTypeReference<?> type, String jdkType) {
        if (type == null || !type.getQualifiedName().startsWith("java.")) {
            return false;
        }
        return type.getQualifiedName().equals(jdkType) || HalfResolved.lookup(
                () -> type.isSubtypeOf(type.getFactory().Type().createReference(jdkType)), false);
    }
}
