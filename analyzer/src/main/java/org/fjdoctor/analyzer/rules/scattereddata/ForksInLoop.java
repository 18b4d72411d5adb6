package org.fjdoctor.analyzer.rules.scattereddata;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.declaration.CtElement;

/**
 * What {@link ScatteredDataRule} matched: a loop that prepares and forks subtasks one at a time, and the
 * joins after it.
 *
 * @param forkLoop the loop
 * @param creation the subtask construction in it (or in a helper it calls)
 * @param fork     the {@code fork()} in it, or the call to a source helper that forks; or the pool submission
 *                 ({@code pool.submit(task)}, or a helper's) that starts each subtask instead
 * @param handedToPool whether {@code fork} hands the subtask to a pool rather than forking it
 * @param join     the first join after the loop
 * @param joinLoop the loop that holds {@code join}, when the joins run in a loop of their own; else {@code null}
 */
public record ForksInLoop(CtLoop forkLoop, CtConstructorCall<?> creation, CtElement fork, boolean handedToPool,
                          CtInvocation<?> join, CtLoop joinLoop) implements Match {
}
