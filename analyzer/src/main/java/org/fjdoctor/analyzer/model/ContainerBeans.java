package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.ContainerManaged;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;

/**
 * The factory methods of the sources whose results a dependency-injection container holds as named beans
 * ({@code @Bean ExecutorService cliExecutor()}), and the bean a field or parameter the container fills is given:
 * the one its qualifier names ({@code @Qualifier("cliExecutor")}, {@code @Named(..)}), else the one named like it,
 * which is how Spring chooses among several beans of one type. Nothing in the sources assigns such a field
 * (a Lombok constructor, or the container's own reflection), so its value is known only this way.
 */
final class ContainerBeans {

    private static final Set<String> QUALIFIERS = Set.of("org.springframework.beans.factory.annotation.Qualifier",
            "jakarta.inject.Named", "javax.inject.Named");

    private static final String BEAN = "org.springframework.context.annotation.Bean";

    private final Map<String, List<CtMethod<?>>> byName = new HashMap<>();

    ContainerBeans(ModelElements elements) {
        for (CtMethod<?> method : elements.methods) {
            if (method.getBody() != null && ContainerManaged.isFactoryMethod(method)) {
                for (String name : beanNames(method)) {
                    byName.computeIfAbsent(name, k -> new ArrayList<>()).add(method);
                }
            }
        }
    }

    /**
     * The factory methods of the bean the container injects into {@code injected} (a field or a parameter) named
     * {@code name}: empty when the sources declare none by that name.
     */
    List<CtMethod<?>> factoriesFor(CtElement injected, String name) {
        String qualifier = qualifier(injected);
        return byName.getOrDefault(qualifier != null ? qualifier : name, List.of());
    }

    /** The bean names {@code @Bean} gives its method: those it lists, else the method's own name. */
    private static List<String> beanNames(CtMethod<?> method) {
        List<String> names = new ArrayList<>();
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            CtTypeReference<?> type = annotation.getAnnotationType();
            if (type == null || !BEAN.equals(type.getQualifiedName())
                    && !(type.getPackage() == null && BEAN.endsWith("." + type.getSimpleName()))) {
                continue; // @Scope("prototype") names no bean
            }
            for (String attribute : List.of("value", "name")) {
                names.addAll(strings(annotation.getValues().get(attribute)));
            }
        }
        return names.isEmpty() ? List.of(method.getSimpleName()) : names;
    }

    private static String qualifier(CtElement injected) {
        for (CtAnnotation<?> annotation : injected.getAnnotations()) {
            CtTypeReference<?> type = annotation.getAnnotationType();
            if (type != null && (QUALIFIERS.contains(type.getQualifiedName()) || type.getPackage() == null
                    && QUALIFIERS.stream().anyMatch(name -> name.endsWith("." + type.getSimpleName())))) {
                List<String> names = strings(annotation.getValues().get("value"));
                return names.size() == 1 ? names.get(0) : null;
            }
        }
        return null;
    }

    private static List<String> strings(CtExpression<?> value) {
        if (value instanceof CtLiteral<?> literal && literal.getValue() instanceof String text && !text.isEmpty()) {
            return List.of(text);
        }
        List<String> names = new ArrayList<>();
        if (value instanceof CtNewArray<?> array) {
            array.getElements().forEach(element -> names.addAll(strings(element)));
        }
        return names;
    }
}
