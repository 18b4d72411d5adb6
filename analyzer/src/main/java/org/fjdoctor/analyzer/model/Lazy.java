package org.fjdoctor.analyzer.model;

import java.util.Objects;
import java.util.function.Supplier;

import org.fjdoctor.analyzer.isolation.Failures;

/**
 * A value computed on its first use and kept: the model's indexes and judgements that only some rules need
 * (Guava's {@code Suppliers.memoize}, which the analyzer does not depend on). Not thread-safe: a model is
 * read by one thread at a time. The supplier must not return {@code null}.
 *
 * <p>A computation that throws is not tried again: each later use throws a {@link PartFailure} naming the part,
 * so every rule that needs it fails at once, reported as that part's failure, and the others go on.
 */
final class Lazy<T> implements Supplier<T> {

    /** A part of the model that could not be built; what the rule that asked for it reports. */
    static final class PartFailure extends RuntimeException {
        PartFailure(String part, Throwable cause) {
            super(part + " could not be built (" + Failures.describe(cause) + ")", cause, false, false);
        }
    }

    private final String part;
    private Supplier<? extends T> supplier;
    private T value;
    private PartFailure failure;

    private Lazy(String part, Supplier<? extends T> supplier) {
        this.part = part;
        this.supplier = supplier;
    }

    /** @param part what the value is, for the failure's message ("the lock-sharing index") */
    static <T> Lazy<T> of(String part, Supplier<? extends T> supplier) {
        return new Lazy<>(part, Objects.requireNonNull(supplier));
    }

    @Override
    public T get() {
        if (failure != null) {
            throw failure;
        }
        if (supplier != null) {
            Supplier<? extends T> computing = supplier;
            supplier = null; // what it captured can go, after a failure too
            Failures.isolate(() -> value = Objects.requireNonNull(computing.get(), "a lazy value"),
                    thrown -> failure = new PartFailure(part, thrown));
            if (failure != null) {
                throw failure;
            }
        }
        return value;
    }
}
