package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtAnonymousExecutable;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * Code that runs once, when the program or its container starts: a static initializer, a {@code @PostConstruct}
 * method, a Spring listener of the application's start-up events (annotated, or an {@code ApplicationListener} of
 * one), a Spring Boot runner, a bean's {@code afterPropertiesSet} or a {@code SmartLifecycle}'s start. A wait there
 * delays the start once; it is no per-element cost of the program's parallel work.
 */
final class StartupCode {

    private static final Set<String> ONCE_AT_START = Set.of("javax.annotation.PostConstruct",
            "jakarta.annotation.PostConstruct");
    private static final String EVENT_LISTENER = "org.springframework.context.event.EventListener";
    private static final Set<String> START_EVENTS = Set.of("org.springframework.boot.context.event.ApplicationReadyEvent",
            "org.springframework.boot.context.event.ApplicationStartedEvent",
            "org.springframework.context.event.ContextRefreshedEvent");
    private static final String APPLICATION_LISTENER = "org.springframework.context.ApplicationListener";
    /**
     * Container call-backs run once while the application starts, by the interface that declares them and its
     * method's name: Spring Boot's runners, a bean's {@code afterPropertiesSet}, a {@code SmartLifecycle}'s start.
     */
    private static final Map<String, String> RUN_AT_START = Map.of(
            "org.springframework.boot.CommandLineRunner", "run",
            "org.springframework.boot.ApplicationRunner", "run",
            "org.springframework.beans.factory.InitializingBean", "afterPropertiesSet",
            "org.springframework.context.SmartLifecycle", "start");
    /** How many supertypes up an implemented interface is looked for. */
    private static final int MAX_SUPERTYPES = 8;

    private StartupCode() {
    }

    /** Whether the method around {@code site} runs once at start-up. */
    static boolean runsOnce(CtElement site) {
        CtExecutable<?> around = site.getParent(CtExecutable.class);
        if (around instanceof CtAnonymousExecutable initializer && initializer.hasModifier(ModifierKind.STATIC)
                || around == null && site.getParent(CtField.class) != null
                && site.getParent(CtField.class).hasModifier(ModifierKind.STATIC)) {
            return true; // a static initializer
        }
        if (!(around instanceof CtMethod<?> method)) {
            return false;
        }
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            String name = annotation.getAnnotationType() == null ? "" : annotation.getAnnotationType().getQualifiedName();
            if (ONCE_AT_START.contains(name) || name.equals(EVENT_LISTENER) && (listensToStart(method)
                    || START_EVENTS.stream().anyMatch(event -> annotation.toString().contains(simpleName(event) + ".class")))) {
                return true;
            }
        }
        return startCallback(method);
    }

    /**
     * An {@code ApplicationListener}'s {@code onApplicationEvent} for a start-up event, or a method a start-up
     * interface declares ({@link #RUN_AT_START}), in a class that implements that interface.
     */
    private static boolean startCallback(CtMethod<?> method) {
        Set<String> implemented = interfaces(method.getDeclaringType());
        if (method.getSimpleName().equals("onApplicationEvent") && implemented.contains(APPLICATION_LISTENER)
                && listensToStart(method)) {
            return true;
        }
        // the runners' run takes the arguments; afterPropertiesSet and start take none (an overload is no call-back)
        if (method.getSimpleName().equals("run") == method.getParameters().isEmpty()) {
            return false;
        }
        return RUN_AT_START.entrySet().stream().anyMatch(callback -> callback.getValue().equals(method.getSimpleName())
                && implemented.contains(callback.getKey()));
    }

    /** The qualified names of the interfaces {@code type} implements, through the supertypes in the source. */
    private static Set<String> interfaces(CtType<?> type) {
        Set<String> names = new HashSet<>();
        Deque<CtType<?>> todo = new ArrayDeque<>();
        if (type != null) {
            todo.add(type);
        }
        for (int seen = 0; !todo.isEmpty() && seen < MAX_SUPERTYPES; seen++) {
            CtType<?> current = todo.poll();
            for (CtTypeReference<?> implemented : current.getSuperInterfaces()) {
                if (names.add(implemented.getQualifiedName()) && implemented.getTypeDeclaration() != null) {
                    todo.add(implemented.getTypeDeclaration());
                }
            }
            CtTypeReference<?> parent = current.getSuperclass();
            if (parent != null && parent.getTypeDeclaration() != null) {
                todo.add(parent.getTypeDeclaration());
            }
        }
        return names;
    }

    private static boolean listensToStart(CtMethod<?> method) {
        for (CtParameter<?> parameter : method.getParameters()) {
            if (parameter.getType() != null && START_EVENTS.contains(parameter.getType().getQualifiedName())) {
                return true;
            }
        }
        return false;
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
