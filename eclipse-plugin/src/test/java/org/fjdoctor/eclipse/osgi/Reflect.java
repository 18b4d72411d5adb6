package org.fjdoctor.eclipse.osgi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

import org.osgi.framework.Bundle;

/**
 * Calls into bundles of the running framework. Their classes come from the bundles' class loaders, not
 * from this test's class path, so the test reaches them by name: through a public type (an interface
 * or the plugin's own class) looked up in the bundle that declares it.
 */
final class Reflect {

    private Reflect() {
    }

    static Class<?> type(Bundle bundle, String name) {
        try {
            return bundle.loadClass(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name + " not visible from " + bundle.getSymbolicName(), e);
        }
    }

    /** {@code type.name(args)} on {@code target} ({@code null} for a static method). */
    static Object call(Class<?> type, Object target, String name, Object... args) {
        Method method = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name) && m.getParameterCount() == args.length)
                .filter(m -> accepts(m.getParameterTypes(), args))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getName() + "." + name + " for " + Arrays.toString(args)));
        try {
            return method.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        } catch (InvocationTargetException e) {
            throw new AssertionError(type.getName() + "." + name + " failed", e.getCause());
        }
    }

    private static boolean accepts(Class<?>[] parameters, Object[] args) {
        for (int i = 0; i < parameters.length; i++) {
            if (args[i] != null && !wrap(parameters[i]).isInstance(args[i])) {
                return false;
            }
        }
        return true;
    }

    private static Class<?> wrap(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return type == int.class ? Integer.class : type == boolean.class ? Boolean.class : type == long.class ? Long.class
                : Object.class;
    }
}
