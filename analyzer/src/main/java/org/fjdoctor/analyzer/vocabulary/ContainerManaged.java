package org.fjdoctor.analyzer.vocabulary;

import java.util.Set;

import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.reference.CtTypeReference;

/**
 * The annotations by which a dependency-injection container creates a class's instances, so that no
 * {@code new} in the sources does: Spring's stereotypes and configuration classes, Jakarta/javax CDI scopes and
 * {@code @Named}/{@code @Singleton}, EJB session beans, Guice's singletons; and the annotations of the factory
 * methods whose results the container holds ({@code @Bean}, {@code @Produces}, {@code @Provides}). Without a
 * classpath an annotation imported by a wildcard has no package: it matches by its simple name then.
 */
public final class ContainerManaged {

    private static final Set<String> CLASS_ANNOTATIONS = Set.of(
            "org.springframework.stereotype.Component", "org.springframework.stereotype.Service",
            "org.springframework.stereotype.Repository", "org.springframework.stereotype.Controller",
            "org.springframework.web.bind.annotation.RestController",
            "org.springframework.web.bind.annotation.ControllerAdvice",
            "org.springframework.web.bind.annotation.RestControllerAdvice",
            "org.springframework.context.annotation.Configuration",
            "org.springframework.boot.autoconfigure.SpringBootApplication",
            "org.springframework.boot.context.properties.ConfigurationProperties",
            "jakarta.inject.Named", "javax.inject.Named", "jakarta.inject.Singleton", "javax.inject.Singleton",
            "jakarta.enterprise.context.ApplicationScoped", "javax.enterprise.context.ApplicationScoped",
            "jakarta.enterprise.context.RequestScoped", "javax.enterprise.context.RequestScoped",
            "jakarta.enterprise.context.SessionScoped", "javax.enterprise.context.SessionScoped",
            "jakarta.enterprise.context.Dependent", "javax.enterprise.context.Dependent",
            "jakarta.ejb.Stateless", "javax.ejb.Stateless", "jakarta.ejb.Stateful", "javax.ejb.Stateful",
            "jakarta.ejb.Singleton", "javax.ejb.Singleton", "com.google.inject.Singleton");

    private static final Set<String> FACTORY_ANNOTATIONS = Set.of("org.springframework.context.annotation.Bean",
            "jakarta.enterprise.inject.Produces", "javax.enterprise.inject.Produces", "com.google.inject.Provides");

    private ContainerManaged() {
    }

    /** Whether a container creates instances of the class {@code type} declares. */
    public static boolean isManagedClass(CtElement type) {
        return annotated(type, CLASS_ANNOTATIONS);
    }

    /** Whether a container calls {@code method} and holds its result as a bean. */
    public static boolean isFactoryMethod(CtElement method) {
        return annotated(method, FACTORY_ANNOTATIONS);
    }

    private static boolean annotated(CtElement element, Set<String> names) {
        for (CtAnnotation<?> annotation : element.getAnnotations()) {
            CtTypeReference<?> type = annotation.getAnnotationType();
            if (type != null && (names.contains(type.getQualifiedName())
                    || type.getPackage() == null && names.stream().anyMatch(name -> name.endsWith("." + type.getSimpleName())))) {
                return true;
            }
        }
        return false;
    }
}
