package org.fjdoctor.analyzer.model;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on its first use and kept: the model's indexes and judgements that only some rules need
 * (Guava's {@code Suppliers.memoize}, which the analyzer does not depend on). Not thread-safe: a model is
 * read by one thread at a time. The supplier must not return {@code null}.
 */
final class Lazy<T> implements Supplier<T> {

    private Supplier<? extends T> supplier;
    private T value;

    private Lazy(Supplier<? extends T> supplier) {
        this.supplier = supplier;
    }

    static <T> Lazy<T> of(Supplier<? extends T> supplier) {
        return new Lazy<>(Objects.requireNonNull(supplier));
    }

    @Override
    public T get() {
        if (supplier != null) {
            value = Objects.requireNonNull(supplier.get(), "a lazy value");
            supplier = null; // what it captured can go
        }
        return value;
    }
}
