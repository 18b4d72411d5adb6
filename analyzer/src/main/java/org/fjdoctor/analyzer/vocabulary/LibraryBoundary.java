package org.fjdoctor.analyzer.vocabulary;

import java.util.List;

import spoon.reflect.reference.CtTypeReference;

/**
 * Where fjdoctor stops following calls: the JDK and the fork/join frameworks. Their implementation is
 * not the user's code (a task's {@code fork()} reaches {@code ForkJoinPool.signalWork()} and
 * {@code Thread.start()}, constructing an exception reaches the synchronized
 * {@code Throwable.fillInStackTrace()}), even when its source is in the scanned tree; what a call into
 * them does that matters (block, sleep, submit, copy) comes from {@link Apis} instead. Task classes
 * declared inside these packages are still task code: their own bodies are checked.
 */
public final class LibraryBoundary {

    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private LibraryBoundary() {
    }

    /** Whether a type of this qualified name is library code whose bodies are not followed. */
    public static boolean isLibrary(String qualifiedTypeName) {
        for (String prefix : JDK_PREFIXES) {
            if (qualifiedTypeName.startsWith(prefix)) {
                return true;
            }
        }
        for (Framework framework : Framework.values()) {
            if (framework.contains(qualifiedTypeName)) {
                return true;
            }
        }
        return false;
    }

    public static boolean isLibrary(CtTypeReference<?> type) {
        return type != null && isLibrary(type.getQualifiedName());
    }
}
