package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.code.CtInvocation;

/**
 * What {@link SleepyWorkerRule} matched on a common-pool worker outside task code: the sleeping or parking call
 * and the path from the function that runs in the common pool. No automatic fix takes it: the same pause is
 * one of the blocking calls of a blocking-in-common-pool finding, whose fixes rewrite it (in {@code managedBlock},
 * or onto an executor of its own), and two rewrites of one call would collide.
 *
 * @param at   the sleeping or parking call
 * @param path how the common-pool function reaches it
 */
public record CommonPoolPause(CtInvocation<?> at, Reach path) implements Match {
}
