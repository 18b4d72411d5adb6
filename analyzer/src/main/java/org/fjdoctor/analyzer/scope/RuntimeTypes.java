package org.fjdoctor.analyzer.scope;

import java.net.URL;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

/**
 * Library types the running JDK provides as class files. JDT resolves a reference to one of them
 * against the JDK's modules when its source is not in the model, and fjdoctor never follows calls into
 * library code ({@link LibraryBoundary}): so a focused model needs such a type's source file only when
 * task code is written in it. That is what lets a scan of the JDK's own sources model the task files
 * and not the {@code java.lang} classes they all name.
 */
final class RuntimeTypes {

    private static final Map<String, Boolean> PROVIDED = new ConcurrentHashMap<>();

    private RuntimeTypes() {
    }

    /** Whether every type {@code entry} declares at top level is a library type the running JDK provides. */
    static boolean providesAll(TextIndex.Entry entry) {
        boolean any = false;
        for (TextIndex.Declaration declaration : entry.declarations()) {
            if (declaration.outers().isEmpty()) {
                String name = entry.packageName().isEmpty() ? declaration.name()
                        : entry.packageName() + "." + declaration.name();
                if (!provides(name)) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** Whether a top-level type is one of a framework's own (its pool, task or worker classes, or in its package). */
    static boolean isFramework(String packageName, String simpleName) {
        String name = packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
        return Framework.declaring(name).isPresent() || LibraryBoundary.isFramework(name);
    }

    /** Whether {@code qualifiedName} (a top-level type) is library code with a class file in the running JDK. */
    static boolean provides(String qualifiedName) {
        if (!LibraryBoundary.isJdk(qualifiedName)) {
            return false;
        }
        return PROVIDED.computeIfAbsent(qualifiedName, name -> {
            // A class file's resource is never encapsulated by its module, so this sees internal packages too;
            // jrt: means the JDK's own modules, which is where JDT resolves it (not a jar on our classpath).
            URL url = ClassLoader.getSystemResource(name.replace('.', '/') + ".class");
            return url != null && url.getProtocol().equals("jrt");
        });
    }
}
