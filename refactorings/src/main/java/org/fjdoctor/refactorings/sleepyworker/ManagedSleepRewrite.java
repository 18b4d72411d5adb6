package org.fjdoctor.refactorings.sleepyworker;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.sleepyworker.Sleep;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.managedblock.ManagedBlockWrap;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtInvocation;

/**
 * FJ6: wraps a {@code Thread.sleep(..)} / {@code TimeUnit.X.sleep(..)} or {@code LockSupport.park*(..)}
 * statement in {@code ForkJoinPool.managedBlock(..)} ({@link ManagedBlockWrap}): the task still pauses, but
 * the pool may run the worker's queued tasks on a spare thread meanwhile. It only mitigates, so
 * {@link SleepRemoval} (REVIEW, sleeps only) is listed first; this is the SAFE choice {@code fix} applies.
 * A park returns on an unpark, an interrupt, a timeout or for no reason at all, and the code around it
 * already rechecks what it waits for; inside {@code block()} it still parks once, on the same thread, so
 * {@code unpark(thread)} still wakes it.
 */
@AutoService(Refactoring.class)
public final class ManagedSleepRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return SleepyWorkerRule.class;
    }

    @Override
    public int priority() {
        return 20; // only lets the pool compensate for the sleeping worker
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Sleep.class);
    }

    @Override
    public String summary() {
        return "Wraps the sleep or park statement in ForkJoinPool.managedBlock(..), so the pool can start a"
                + " spare worker while this one waits.";
    }

    @Override
    public String safeWhen() {
        return "As for the managed blocking of intra-task-sync: a statement of its own whose arguments"
                + " only read constants, fields and effectively final variables, or make JDK calls without effects"
                + " (deadline - System.nanoTime()).";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        Sleep match = context.match(finding, Sleep.class).orElse(null);
        if (match == null || match.shape() == Sleep.Shape.BUSY_WAIT) {
            return Plan.none(); // SleepRemoval says what to do by hand
        }
        String pause = match.shape() == Sleep.Shape.PARK ? "park" : "sleep";
        CtInvocation<?> call = (CtInvocation<?>) match.at();
        ManagedBlockWrap.Result wrap = ManagedBlockWrap.wrap(context, call);
        if (wrap.problem() != null) {
            return Plan.manual("the " + pause + " cannot be wrapped in ForkJoinPool.managedBlock as it is: "
                    + wrap.problem() + (match.shape() == Sleep.Shape.PARK
                            ? ". Join the awaited task, or wrap the park by hand."
                            : ". Wrap it by hand, or remove it if the task does not need to wait."));
        }
        return Plan.of(new Fix(SleepRemoval.RULE, finding.fingerprint(),
                "Wrap the " + pause + " in ForkJoinPool.managedBlock", Safety.SAFE,
                "The " + pause + " runs once, unchanged, inside ManagedBlocker.block() (isReleasable() is false until"
                        + " it has run), on the same thread and with the same exceptions; " + ManagedBlockWrap.OPERANDS
                        + ". " + ManagedBlockWrap.LIMIT,
                wrap.edits()));
    }
}
