package org.fjdoctor.analyzer.rules.poolpercall;

import java.util.List;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;

/**
 * A pool created per call: the creation, the local it initializes ({@code null} when the pool is used
 * in place, {@code new ForkJoinPool(4).invoke(t)}), and the calls that end it after its one use
 * ({@code shutdown()}, {@code shutdownNow()}, {@code close()}, {@code awaitTermination(..)} on that local).
 */
public record PoolPerCallMatch(CtConstructorCall<?> creation, CtLocalVariable<?> local,
                               List<CtInvocation<?>> endings) implements Match {

    public PoolPerCallMatch {
        endings = List.copyOf(endings);
    }
}
