package org.fjdoctor.refactorings.intratasksync;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.intratasksync.Blocking;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.managedblock.ManagedBlockWrap;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtInvocation;

/**
 * FJ5: wraps a blocking call that is a statement of its own ({@code latch.await();},
 * {@code semaphore.acquire();}, {@code queue.put(x);}, {@code phaser.arriveAndAwaitAdvance();}, ...) in
 * {@code ForkJoinPool.managedBlock(..)} ({@link ManagedBlockWrap}), so the pool can compensate with a
 * spare worker; a value taken into a local, returned or iterated ({@code T v = queue.take();},
 * {@code for (var f : executor.invokeAll(tasks))}) is kept in the blocker. It only mitigates:
 * {@link RedundantLockRemoval} comes first. Locks are not wrapped (their critical section would stay
 * outside the blocker); calls used inside larger expressions, or that throw other checked exceptions
 * ({@code Future.get}), get a manual reason ({@link BlockingAdvice}).
 */
@AutoService(Refactoring.class)
public final class ManagedBlockingRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return IntraTaskSyncRule.class;
    }

    @Override
    public int priority() {
        return 20; // only lets the pool compensate for the blocked worker
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Blocking.class);
    }

    @Override
    public String summary() {
        return "Wraps a blocking statement (latch.await(), semaphore.acquire(), queue.put(x),"
                + " phaser.arriveAndAwaitAdvance(), o.wait(), a value from queue.take()) in"
                + " ForkJoinPool.managedBlock(..), so the pool can start a spare worker while this one"
                + " blocks.";
    }

    @Override
    public String safeWhen() {
        return "The call is a statement of its own (or the whole initializer or value of one, or the"
                + " collection of a for-each loop); receiver"
                + " and arguments only read constants, fields and effectively final variables, or make JDK calls"
                + " without effects (System.nanoTime(), Math.max(..)); it throws no"
                + " checked exception but InterruptedException, which the code around it handles. Locks,"
                + " calls inside larger expressions, Future.get and CyclicBarrier.await stay manual.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        Blocking match = context.match(finding, Blocking.class).orElse(null);
        if (match == null || match.shape() != Blocking.Shape.BLOCKING_CALL) {
            return Plan.none();
        }
        CtInvocation<?> call = (CtInvocation<?>) match.at();
        if (BlockingAdvice.isLock(call)) {
            return Plan.manual(BlockingAdvice.reason(call));
        }
        ManagedBlockWrap.Result wrap = ManagedBlockWrap.wrap(context, call);
        String name = call.getExecutable().getSimpleName();
        if (wrap.problem() != null) {
            return Plan.manual("the call cannot be wrapped in ForkJoinPool.managedBlock as it is: " + wrap.problem()
                    + ". " + BlockingAdvice.reason(call));
        }
        return Plan.of(new Fix(RedundantLockRemoval.RULE, finding.fingerprint(),
                "Wrap " + name + "(..) in ForkJoinPool.managedBlock", Safety.SAFE,
                "The call runs once, unchanged, inside ManagedBlocker.block() (isReleasable() is false until it"
                        + " has run), on the same thread and with the same exceptions; " + ManagedBlockWrap.OPERANDS
                        + "; a statement that uses its value reads it from the blocker right after. "
                        + ManagedBlockWrap.LIMIT,
                wrap.edits()));
    }
}
