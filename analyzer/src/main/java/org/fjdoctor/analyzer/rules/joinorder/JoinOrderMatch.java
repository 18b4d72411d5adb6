package org.fjdoctor.analyzer.rules.joinorder;

import java.util.List;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtInvocation;

/**
 * Subtasks forked in one block and then joined, the first of them while a later-forked one still waits
 * in the worker's deque.
 *
 * @param block the block whose statements fork and join them
 * @param forks the {@code fork()} statements of the tasks still pending at the first join, in fork order
 * @param joins the first straight-line join of each of those tasks, in the order they run; fewer than
 *              {@code forks} when the block does not join every one of them plainly
 */
public record JoinOrderMatch(CtBlock<?> block, List<CtInvocation<?>> forks, List<CtInvocation<?>> joins)
        implements Match {

    public JoinOrderMatch {
        forks = List.copyOf(forks);
        joins = List.copyOf(joins);
    }
}
