package org.fjdoctor.refactorings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.refactorings.pipeline.Refactorings;

import org.junit.jupiter.api.Test;

/**
 * Rule ids are written once, on the rules: every refactoring's rule is one the analyzer runs, the matches
 * it reads are its rule's, and the order of the refactorings of one rule is explicit.
 */
class RefactoringRulesTest {

    @Test
    void everyRefactoringHandlesARegisteredRule() {
        Set<Class<?>> registered = Rules.all().stream().map(Object::getClass).collect(Collectors.toSet());
        List<Refactoring> refactorings = Refactorings.all();
        assertTrue(refactorings.size() >= 11, "refactorings found: " + refactorings.size());
        for (Refactoring refactoring : refactorings) {
            assertTrue(registered.contains(refactoring.rule()),
                    refactoring.getClass().getName() + " handles " + refactoring.rule().getName()
                            + ", which is not a registered rule");
        }
    }

    @Test
    void everyRefactoringReadsMatchesOfItsOwnRule() {
        for (Refactoring refactoring : Refactorings.all()) {
            assertFalse(refactoring.matches().isEmpty(), refactoring.getClass().getName() + " declares no match kind");
            for (Class<?> kind : refactoring.matches()) {
                assertEquals(refactoring.rule().getPackage(), kind.getPackage(), refactoring.getClass().getName()
                        + " reads " + kind.getName() + ", which " + refactoring.rule().getSimpleName() + " does not report");
            }
        }
    }

    /** Which fix {@code fix} and {@code fix --include-review} pick depends on this order: it changes only on purpose. */
    @Test
    void refactoringsOfOneRuleHaveAnExplicitOrder() {
        Map<String, List<String>> order = new LinkedHashMap<>();
        Map<String, Set<Integer>> priorities = new LinkedHashMap<>();
        for (Refactoring refactoring : Refactorings.all()) {
            order.computeIfAbsent(refactoring.ruleId(), id -> new ArrayList<>())
                    .add(refactoring.getClass().getSimpleName());
            assertTrue(priorities.computeIfAbsent(refactoring.ruleId(), id -> new HashSet<>()).add(refactoring.priority()),
                    refactoring.getClass().getName() + " shares priority " + refactoring.priority() + " with another"
                            + " refactoring of " + refactoring.ruleId());
        }
        assertEquals(Map.ofEntries(
                Map.entry("centralized-pooling", List.of("InvokeDirectlyRewrite", "GuardedForkRewrite")),
                Map.entry("copy-on-fork", List.of("IndexRangeRewrite")),
                Map.entry("copy-on-join", List.of("ConcatOnceAtRootRewrite", "ReuseJoinedResultRewrite",
                        "SharedOutputArrayRewrite")),
                Map.entry("scattered-data", List.of("InvokeAllRewrite")),
                Map.entry("intra-task-sync", List.of("RedundantLockRemoval", "ManagedBlockingRewrite")),
                Map.entry("sleepy-worker", List.of("SleepRemoval", "ManagedSleepRewrite")),
                Map.entry("join-order", List.of("ReverseJoinsRewrite")),
                Map.entry("fork-all", List.of("CreateAndForkRewrite", "InvokeLastRewrite")),
                Map.entry("fork-then-join", List.of("InvokeInPlaceRewrite")),
                Map.entry("pool-per-call", List.of("SharedPoolRewrite")),
                Map.entry("no-sequential-cutoff", List.of("SequentialCutoffRewrite")),
                Map.entry("blocking-in-common-pool", List.of("CommonPoolManagedBlockRewrite")),
                Map.entry("unbounded-eureka", List.of("EarlyExitRewrite"))), order);
    }
}
