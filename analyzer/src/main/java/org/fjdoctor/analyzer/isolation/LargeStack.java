package org.fjdoctor.analyzer.isolation;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs work on a thread whose stack is large enough for what javac accepts. Spoon, JDT and the rules
 * walk syntax trees recursively: a 2,000-term string concatenation or 2,000 nested {@code if}s compile
 * with javac (whose own threads get a large stack) but overflow the default thread stack of about 1 MB.
 * The stack is reserved address space: only the pages a deep tree touches are ever committed.
 */
public final class LargeStack {

    /** The stack size of the worker thread: javac's deepest accepted inputs stay well within it. */
    public static final long STACK_BYTES = 1L << 30;

    /** Whether the current thread is already such a worker (work nested in work runs in place). */
    private static final ThreadLocal<Boolean> ON_WORKER = ThreadLocal.withInitial(() -> false);

    /** Work that may throw one checked exception type. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T call() throws E;
    }

    private LargeStack() {
    }

    /**
     * Runs {@code work} on a large-stack thread named {@code name} and waits for it; what it throws is
     * rethrown here unchanged. On such a thread already, it runs in place.
     */
    @SuppressWarnings("unchecked")
    public static <T, E extends Exception> T call(String name, Work<T, E> work) throws E {
        if (ON_WORKER.get()) {
            return work.call();
        }
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(null, () -> {
            ON_WORKER.set(true);
            try {
                result.set(work.call());
            } catch (Throwable t) {
                failure.set(t);
            }
        }, name, STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            worker.interrupt();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + " was interrupted", e);
        }
        Throwable thrown = failure.get();
        if (thrown instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        if (thrown != null) {
            throw (E) thrown; // work.call() throws only E or unchecked exceptions
        }
        return result.get();
    }

    /** As {@link #call} for work without a checked exception. */
    public static <T> T get(String name, java.util.function.Supplier<T> work) {
        return call(name, work::get);
    }
}
