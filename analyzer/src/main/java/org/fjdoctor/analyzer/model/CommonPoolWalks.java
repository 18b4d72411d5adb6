package org.fjdoctor.analyzer.model;

import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.fjdoctor.analyzer.isolation.Failures;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtExecutable;

/**
 * What runs in the common pool outside task code's own entries, and its call graph: the functions
 * {@link CommonPoolCode} finds and the tasks forked outside any pool ({@link OutsideForks}), less the pipelines
 * that run in a task's own pool, walked together once the task graph is known and, on first use, each apart.
 * {@link ForkJoinModel} answers the rules' questions about the common pool from here.
 */
final class CommonPoolWalks {

    private final Map<TaskEntry, CommonPoolCode.CommonPoolEntry> entries = new IdentityHashMap<>();
    /** The shared walk from every entry. */
    private final Map<CtExecutable<?>, Reach> reachable = new IdentityLinkedMap<>();
    /** The types whose abstract methods common-pool functions reference ({@link CommonPoolCode#referencedAbstract}). */
    private Map<String, DispatchedType> dispatched = Map.of();
    /** {@link #reachableByEntry}, walked on first use. */
    private Map<CommonPoolCode.CommonPoolEntry, Collection<Reach>> reachableByEntry;
    private TestOnlyReach testOnly;
    private GuessedReach guessedReach;

    /** Finds the functions that run in the common pool ({@link CommonPoolCode}), before any walk. */
    void find(ModelElements elements, JavaTypes types, Declarations declarations, Set<String> createdOutside) {
        CommonPoolCode finder = new CommonPoolCode(elements, types, declarations, createdOutside);
        for (CommonPoolCode.CommonPoolEntry entry : finder.entries()) {
            entries.put(entry.entry(), entry);
        }
        dispatched = finder.referencedAbstract();
    }

    /**
     * Walks the common-pool code, after the task graph: drops the parallel pipelines that run in a task's own
     * pool ({@code runsInOwnPool}), adds the tasks forked outside any pool ({@code forks}, asked after that), and
     * walks what is left.
     */
    void walk(CallGraph callGraph, Predicate<CtInvocation<?>> runsInOwnPool, Supplier<List<OutsideForks.Forked>> forks,
              Predicate<CtExecutable<?>> inTestSources) {
        // A parallel pipeline started from task code runs in that task's pool (its tasks fork there), not the
        // common one: its functions are task code already, and their waits the task rules' findings.
        // So does one started in a function submitted to a fork/join pool the model does not count as task code
        // (a container's bean around a new ForkJoinPool): no rule has its code, but it is not the common pool's.
        // A pipeline a method of the project's own runs its caller's function in (the forwarded step) is judged at
        // both calls: called from task code, or itself in task code, it may run in a task's pool.
        entries.values().removeIf(entry -> entry.via() == CommonPoolCode.Via.PARALLEL_STREAM
                && (runsInOwnPool.test(entry.runner())
                    || entry.forwarded() != null && runsInOwnPool.test(entry.forwarded())));
        addForksOutsidePools(forks.get());
        callGraph.walk(entries.keySet().stream()
                .sorted(Comparator.comparing(TaskEntry::executable, ForkJoinModel.BY_POSITION)).toList(), reachable);
        Map<CtExecutable<?>, List<WalkedCall>> calls = callGraph.takeCalls();
        testOnly = new TestOnlyReach(calls, inTestSources);
        guessedReach = new GuessedReach(calls, callGraph::guessedDispatch, true);
        if (entries.isEmpty()) {
            callGraph.walksDone(); // no walk per common-pool entry will come
        }
    }

    /**
     * The task entries that code outside task code forks into the common pool: their code runs there, where it is
     * task code too ({@link OutsideForks}).
     */
    private void addForksOutsidePools(List<OutsideForks.Forked> forks) {
        for (OutsideForks.Forked forked : forks) {
            TaskEntry task = forked.entry();
            TaskEntry entry = new TaskEntry(task.executable(), task.taskType(), task.label() + " (run by "
                    + (forked.submitted() ? "a task handed to commonPool()" : CommonPoolCode.Via.FORK_OUTSIDE_POOL.text())
                    + ")", task.framework());
            entries.put(entry, new CommonPoolCode.CommonPoolEntry(entry, CommonPoolCode.Via.FORK_OUTSIDE_POOL,
                    forked.call(), forked.function(), forked.call(), null));
        }
    }

    /** {@link ForkJoinModel#commonPoolReachable()}. */
    Collection<Reach> reachable() {
        return Collections.unmodifiableCollection(reachable.values());
    }

    /** Whether the shared walk reached {@code executable}. */
    boolean reaches(CtExecutable<?> executable) {
        return reachable.containsKey(executable);
    }

    /**
     * {@link ForkJoinModel#commonPoolReachableByEntry()}: each entry's walk that throws costs that entry, noted in
     * {@code failedParts}.
     */
    Map<CommonPoolCode.CommonPoolEntry, Collection<Reach>> reachableByEntry(CallGraph callGraph, List<String> failedParts) {
        if (reachableByEntry == null) {
            reachableByEntry = new IdentityLinkedMap<>();
            entries.values().stream()
                    .sorted(Comparator.comparing(entry -> entry.entry().executable(), ForkJoinModel.BY_POSITION))
                    .forEach(entry -> {
                        Map<CtExecutable<?>, Reach> reached = new IdentityLinkedMap<>();
                        // One entry's walk that throws costs that entry, reported; the others are walked.
                        if (Failures.isolate(() -> callGraph.walkReachOnly(List.of(entry.entry()), reached),
                                thrown -> failedParts.add("the walk of the common-pool code reached from "
                                        + entry.entry().label() + " failed: " + Failures.describe(thrown)
                                        + "; the rules that read it went on without that entry"))) {
                            reachableByEntry.put(entry, Collections.unmodifiableCollection(reached.values()));
                        }
                    });
            callGraph.walksDone();
        }
        return Collections.unmodifiableMap(reachableByEntry);
    }

    /** The common-pool entry {@code entry} is, or {@code null} where it is a task's own. */
    CommonPoolCode.CommonPoolEntry entryOf(TaskEntry entry) {
        return entries.get(entry);
    }

    /** Which of the walked paths only tests take ({@link ForkJoinModel#testCodeOnPath}). */
    TestOnlyReach testOnly() {
        return testOnly;
    }

    /** Which of the walked paths pass a guessed dispatch from their own entry ({@link ForkJoinModel#reachedOnlyByGuess}). */
    GuessedReach guessedReach() {
        return guessedReach;
    }

    /**
     * {@code taskDispatched}, the receiver types task code dispatched on, with those whose abstract methods the
     * common-pool functions reference merged in.
     */
    Map<String, DispatchedType> withDispatched(Map<String, DispatchedType> taskDispatched) {
        if (dispatched.isEmpty()) {
            return taskDispatched;
        }
        Map<String, DispatchedType> merged = new HashMap<>(taskDispatched);
        dispatched.forEach((name, referenced) -> merged.merge(name, referenced, (a, b) -> {
            Set<String> methods = new HashSet<>(a.methods());
            methods.addAll(b.methods());
            return new DispatchedType(a.unbounded() || b.unbounded(), methods);
        }));
        return merged;
    }
}
