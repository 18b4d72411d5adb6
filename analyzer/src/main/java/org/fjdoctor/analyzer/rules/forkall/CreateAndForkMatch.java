package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.rules.scattereddata.ForksInLoop;

/**
 * A loop that creates and forks every subtask, after which the worker only joins them: the same loop
 * shape scattered-data reads, so its rewrite (one invokeAll after the loop) applies.
 *
 * @param loop the loop, its creation, fork and first join
 */
public record CreateAndForkMatch(ForksInLoop loop) implements Match {
}
