package org.fjdoctor.analyzer.isolation;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Runs work whose items are independent (one file's lexing, indexing or parse check) on several threads,
 * and hands the results back in the items' order, so that what follows is the same on any number of
 * cores. {@code -Dfjdoctor.threads=N} sets how many threads (default: one per core); 1 runs everything
 * on the caller's thread.
 */
public final class Parallelism {

    /** The system property that sets the number of threads. */
    public static final String THREADS = "fjdoctor.threads";

    private Parallelism() {
    }

    /** The threads independent work runs on: {@code -Dfjdoctor.threads}, else one per core. */
    public static int threads() {
        return Math.max(1, Integer.getInteger(THREADS, Runtime.getRuntime().availableProcessors()));
    }

    /** {@code work} applied to every item, the results in the items' order. */
    public static <T, R> List<R> map(List<T> items, Function<? super T, ? extends R> work) {
        int threads = threads();
        if (threads == 1 || items.size() < 2) {
            return items.stream().<R>map(work).toList();
        }
        // A pool of its own: the common pool's size is not ours to set, and the scanned code's tasks are not ours.
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(() -> items.parallelStream().<R>map(work).toList()).join();
        } finally {
            pool.shutdown();
        }
    }

    /**
     * Applies {@code work} to every item in parallel, then hands each item and its result to {@code sink},
     * in the items' order, on this thread.
     */
    public static <T, R> void forEach(List<T> items, Function<? super T, ? extends R> work, BiConsumer<T, R> sink) {
        List<R> results = map(items, work);
        for (int i = 0; i < items.size(); i++) {
            sink.accept(items.get(i), results.get(i));
        }
    }
}
