package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.StartupHooks;

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
 * method, or a call-back or listener of a start-up event that its framework runs once per start
 * ({@link StartupHooks}: Spring's start-up listeners, runners and lifecycle call-backs, a Bukkit or BungeeCord
 * plugin's {@code onEnable}, a Fabric or Forge mod's initializer, a servlet's {@code init}, ...). A wait there
 * delays the start once; it is no per-element cost of the program's parallel work.
 */
final class StartupCode {

    /** How many supertypes up a hook's owner type is looked for. */
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
        return around instanceof CtMethod<?> method && isHook(method);
    }

    /** Whether its framework calls {@code method} once per start. */
    static boolean isHook(CtMethod<?> method) {
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            CtTypeReference<?> type = annotation.getAnnotationType();
            if (StartupHooks.named(type, StartupHooks.ONCE_AT_START)) {
                return true;
            }
            for (StartupHooks.Listener listener : StartupHooks.LISTENERS) {
                if (listener.annotation() != null && StartupHooks.named(type, Set.of(listener.annotation()))
                        && (takes(method, listener.events()) || namesEvent(annotation, listener.events()))) {
                    return true;
                }
            }
        }
        for (StartupHooks.Listener listener : StartupHooks.LISTENERS) {
            if (listener.annotation() == null && method.getParameters().size() == 1 && takes(method, listener.events())) {
                return true;
            }
        }
        return startCallback(method);
    }

    /**
     * A method a start-up type declares ({@link StartupHooks#CALLBACKS}), in a class that extends or implements
     * it, or an {@code ApplicationListener}'s {@code onApplicationEvent} for a start-up event.
     */
    private static boolean startCallback(CtMethod<?> method) {
        List<CtTypeReference<?>> supertypes = null;
        for (StartupHooks.Callback callback : StartupHooks.CALLBACKS) {
            if (matches(method, callback)) {
                supertypes = supertypes == null ? supertypes(method.getDeclaringType()) : supertypes;
                if (supertypes.stream().anyMatch(type -> StartupHooks.named(type, Set.of(callback.owner())))) {
                    return true;
                }
            }
        }
        StartupHooks.Callback listener = StartupHooks.SPRING_APPLICATION_LISTENER;
        return matches(method, listener) && StartupHooks.springStartEvent(method.getParameters().get(0).getType())
                && supertypes(method.getDeclaringType()).stream()
                .anyMatch(type -> StartupHooks.named(type, Set.of(listener.owner())));
    }

    private static boolean matches(CtMethod<?> method, StartupHooks.Callback callback) {
        // an overload with other parameters is no call-back
        return method.getSimpleName().equals(callback.method()) && method.getParameters().size() == callback.parameters();
    }

    /** The classes {@code type} extends and the interfaces it implements, through the supertypes in the source. */
    private static List<CtTypeReference<?>> supertypes(CtType<?> type) {
        List<CtTypeReference<?>> found = new ArrayList<>();
        Deque<CtType<?>> todo = new ArrayDeque<>();
        if (type != null) {
            todo.add(type);
        }
        for (int seen = 0; !todo.isEmpty() && seen < MAX_SUPERTYPES; seen++) {
            CtType<?> current = todo.poll();
            List<CtTypeReference<?>> direct = new ArrayList<>(current.getSuperInterfaces());
            if (current.getSuperclass() != null) {
                direct.add(current.getSuperclass());
            }
            for (CtTypeReference<?> supertype : direct) {
                found.add(supertype);
                if (supertype.getTypeDeclaration() != null) {
                    todo.add(supertype.getTypeDeclaration());
                }
            }
        }
        return found;
    }

    private static boolean takes(CtMethod<?> method, Set<String> events) {
        for (CtParameter<?> parameter : method.getParameters()) {
            if (StartupHooks.named(parameter.getType(), events)) {
                return true;
            }
        }
        return false;
    }

    /** A listener annotation that names the event by its class ({@code @EventListener(ApplicationReadyEvent.class)}). */
    private static boolean namesEvent(CtAnnotation<?> annotation, Set<String> events) {
        String text = annotation.toString();
        return events.stream().anyMatch(event -> text.contains(StartupHooks.simpleName(event) + ".class"));
    }
}
