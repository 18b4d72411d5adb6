package org.fjdoctor.analyzer.vocabulary;

import java.util.List;
import java.util.Set;

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

    /** Package segments that only a copy of a jsr166 backport uses. */
    private static final Set<String> VENDORED_SEGMENTS = Set.of("jsr166y", "jsr166e", "extra166y");

    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private LibraryBoundary() {
    }

    /** Whether a type of this qualified name is library code whose bodies are not followed. */
    public static boolean isLibrary(String qualifiedTypeName) {
        return isJdk(qualifiedTypeName) || isFramework(qualifiedTypeName);
    }

    /** Whether a type of this qualified name is in one of the JDK's packages. */
    public static boolean isJdk(String qualifiedTypeName) {
        for (String prefix : JDK_PREFIXES) {
            if (qualifiedTypeName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A type of a fork/join framework other than the JDK's: in its own package, or vendored under a
     * project's package whose segment names it ({@code groovyx.gpars.extra166y.PAS}). Its classes are the
     * framework's implementation: no entries, no findings, not followed.
     */
    public static boolean isFramework(String qualifiedTypeName) {
        for (Framework framework : Framework.values()) {
            if (framework.contains(qualifiedTypeName)) {
                return framework != Framework.JDK;
            }
        }
        String[] segments = qualifiedTypeName.split("\\.");
        for (int i = 0; i < segments.length - 1; i++) {
            if (VENDORED_SEGMENTS.contains(segments[i])) {
                return true;
            }
        }
        return false;
    }

    public static boolean isLibrary(CtTypeReference<?> type) {
        return type != null && isLibrary(type.getQualifiedName());
    }
}
