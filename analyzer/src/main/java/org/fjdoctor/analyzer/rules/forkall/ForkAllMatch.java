package org.fjdoctor.analyzer.rules.forkall;

import java.util.List;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.declaration.CtVariable;

/**
 * Every subtask forked, then the worker only waits. Either straight-line code, where {@code lastFork}
 * forks {@code lastTask} after {@code otherForks} and the statement after it starts by joining one of
 * those ({@code firstJoin}); or a loop that only forks prepared tasks ({@code forkLoop}) followed by a
 * loop that joins them ({@code joinLoop}); the fields of the other shape are {@code null} (or empty). When the
 * task forks everything and then ends, {@code firstJoin} (and {@code joinLoop}) are {@code null}.
 */
public record ForkAllMatch(CtInvocation<?> lastFork, CtVariable<?> lastTask, List<CtInvocation<?>> otherForks,
                           CtInvocation<?> firstJoin, CtLoop forkLoop, CtLoop joinLoop) implements Match {

    public ForkAllMatch {
        otherForks = List.copyOf(otherForks);
    }

    static ForkAllMatch straight(CtInvocation<?> lastFork, CtVariable<?> lastTask, List<CtInvocation<?>> otherForks,
                                 CtInvocation<?> firstJoin) {
        return new ForkAllMatch(lastFork, lastTask, otherForks, firstJoin, null, null);
    }

    static ForkAllMatch loops(CtInvocation<?> fork, CtLoop forkLoop, CtLoop joinLoop, CtInvocation<?> join) {
        return new ForkAllMatch(fork, null, List.of(), join, forkLoop, joinLoop);
    }

    public boolean isLoop() {
        return forkLoop != null;
    }
}
