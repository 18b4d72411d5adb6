package org.fjdoctor.analyzer.rules.forkthenjoin;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtInvocation;

/**
 * A task forked and at once joined: {@code join} waits for the task that {@code fork} pushed.
 *
 * @param fork    the {@code fork()} call: a statement of its own, or the receiver of {@code join}
 * @param join    the {@code join()}, {@code quietlyJoin()} or {@code get()} that follows it
 * @param chained whether the join is called on the fork's result ({@code t.fork().join()})
 */
public record ForkThenJoinMatch(CtInvocation<?> fork, CtInvocation<?> join, boolean chained) implements Match {
}
