package org.fjdoctor.analyzer.rules.joinorder;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;

/**
 * What {@link JoinOrderRule} matched in loops: one loop forks the subtasks of a collection in order, a later
 * loop joins them in the same order.
 *
 * @param forkLoop the loop that forks (or creates, forks and collects) the subtasks
 * @param fork     the fork in it
 * @param joinLoop the loop that joins them first-forked first
 * @param join     the join in it
 */
public record JoinLoopOrderMatch(CtLoop forkLoop, CtInvocation<?> fork, CtLoop joinLoop, CtInvocation<?> join)
        implements Match {
}
