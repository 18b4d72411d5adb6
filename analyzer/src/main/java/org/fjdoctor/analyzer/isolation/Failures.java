package org.fjdoctor.analyzer.isolation;

/**
 * The one policy for what a failing part of the engine (Spoon on one file, one rule, one refactoring)
 * may cost: a recoverable throw costs that part only and is reported in one line; the JVM running out
 * of memory, or being torn down, ends the run.
 */
public final class Failures {

    private Failures() {
    }

    /**
     * Whether the rest of the run can go on after {@code thrown}: any exception, a stack overflow (the
     * stack unwound, nothing else was harmed) or another error a library raised; not a
     * {@link VirtualMachineError} such as {@link OutOfMemoryError}.
     */
    public static boolean recoverable(Throwable thrown) {
        return !(thrown instanceof VirtualMachineError) || thrown instanceof StackOverflowError;
    }

    /** Rethrows {@code thrown} unless it is {@link #recoverable}. */
    public static void rethrowUnrecoverable(Throwable thrown) {
        if (!recoverable(thrown)) {
            throw (VirtualMachineError) thrown;
        }
    }

    /**
     * Runs {@code part}; a recoverable throw ({@link #recoverable}) goes to {@code failed} instead of up, so it
     * costs that part only. The one place each isolated part of a run (a model, a rule) goes through.
     *
     * @return whether {@code part} completed
     */
    public static boolean isolate(Runnable part, java.util.function.Consumer<Throwable> failed) {
        try {
            part.run();
            return true;
        } catch (Throwable thrown) {
            rethrowUnrecoverable(thrown);
            failed.accept(thrown);
            return false;
        }
    }

    /** What {@code part} gives, or {@code null} after a recoverable throw, which goes to {@code failed}. */
    public static <T> T attempt(java.util.function.Supplier<T> part, java.util.function.Consumer<Throwable> failed) {
        Object[] value = new Object[1];
        isolate(() -> value[0] = part.get(), failed);
        @SuppressWarnings("unchecked")
        T result = (T) value[0];
        return result;
    }

    /** {@code StackOverflowError} or {@code IllegalStateException: first line of the message}. */
    public static String describe(Throwable thrown) {
        String message = thrown.getMessage();
        String name = thrown.getClass().getSimpleName();
        return message == null || message.isBlank() ? name : name + ": " + message.lines().findFirst().orElse("");
    }
}
