package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.Set;

import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtAnonymousExecutable;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;

/**
 * Code that runs once, when the program or its container starts: a static initializer, a {@code @PostConstruct}
 * method, a Spring listener of the application's start-up events. A wait there delays the start once; it is no
 * per-element cost of the program's parallel work.
 */
final class StartupCode {

    private static final Set<String> ONCE_AT_START = Set.of("javax.annotation.PostConstruct",
            "jakarta.annotation.PostConstruct");
    private static final String EVENT_LISTENER = "org.springframework.context.event.EventListener";
    private static final Set<String> START_EVENTS = Set.of("org.springframework.boot.context.event.ApplicationReadyEvent",
            "org.springframework.boot.context.event.ApplicationStartedEvent",
            "org.springframework.context.event.ContextRefreshedEvent");

    private StartupCode() {
    }

    /** What makes the method around {@code site} run once at start-up, for the message; {@code null} if nothing. */
    static String of(CtElement site) {
        CtExecutable<?> around = site.getParent(CtExecutable.class);
        if (around instanceof CtAnonymousExecutable initializer && initializer.hasModifier(ModifierKind.STATIC)
                || around == null && site.getParent(CtField.class) != null
                && site.getParent(CtField.class).hasModifier(ModifierKind.STATIC)) {
            return "a static initializer";
        }
        if (!(around instanceof CtMethod<?> method)) {
            return null;
        }
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            String name = annotation.getAnnotationType() == null ? "" : annotation.getAnnotationType().getQualifiedName();
            if (ONCE_AT_START.contains(name)) {
                return "a @PostConstruct method";
            }
            if (name.equals(EVENT_LISTENER) && (listensToStart(method) || START_EVENTS.stream()
                    .anyMatch(event -> annotation.toString().contains(simpleName(event) + ".class")))) {
                return "a listener of the application's start-up event";
            }
        }
        return null;
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
