package org.fjdoctor.analyzer.rules.poolpercall;

import java.util.List;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;

/**
 * A pool created per call: the creation, the local it initializes ({@code null} when the pool is used
 * in place, {@code new ForkJoinPool(4).invoke(t)}), the calls that end it after its one use
 * ({@code shutdown()}, {@code shutdownNow()}, {@code close()}, {@code awaitTermination(..)} on that local),
 * and how task code reaches the creation ({@code null} when it runs outside task code: then its callers
 * are ordinary threads).
 */
public record PoolPerCallMatch(CtConstructorCall<?> creation, CtLocalVariable<?> local,
                               List<CtInvocation<?>> endings, Reach fromTaskCode) implements Match {

    public PoolPerCallMatch {
        endings = List.copyOf(endings);
    }
}
