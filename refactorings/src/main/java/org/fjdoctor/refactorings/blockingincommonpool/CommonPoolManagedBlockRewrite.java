package org.fjdoctor.refactorings.blockingincommonpool;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.blockingincommonpool.BlockingInCommonPoolRule;
import org.fjdoctor.analyzer.rules.blockingincommonpool.CommonPoolBlocking;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.managedblock.ManagedBlockWrap;

import com.google.auto.service.AutoService;

/**
 * FJ12: wraps the blocking statement in {@code ForkJoinPool.managedBlock(..)} ({@link ManagedBlockWrap}), so
 * the common pool can start a spare worker while it waits. Always REVIEW: the spare workers change how many
 * threads run the program's other common-pool work at once (up to the pool's 256 spares), and a dedicated
 * executor sized for the I/O is often the better design, which only a person can choose.
 */
@AutoService(Refactoring.class)
public final class CommonPoolManagedBlockRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return BlockingInCommonPoolRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(CommonPoolBlocking.class);
    }

    @Override
    public String summary() {
        return "Wraps the blocking statement in ForkJoinPool.managedBlock(..), so the common pool can start a"
                + " spare worker while this one waits.";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW (spare workers change how much common-pool work runs at once; a dedicated"
                + " executor may be the better fix). Manual where the statement cannot be wrapped as for"
                + " intra-task-sync, e.g. a call that declares IOException, which ManagedBlocker.block() cannot throw.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        CommonPoolBlocking match = context.match(finding, CommonPoolBlocking.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        ManagedBlockWrap.Result wrap = ManagedBlockWrap.wrap(context, match.call());
        if (wrap.problem() != null) {
            return Plan.manual("the call cannot be wrapped in ForkJoinPool.managedBlock as it is: " + wrap.problem()
                    + ". Run this work on a dedicated executor (pass it to the *Async call, or submit the pipeline"
                    + " to a pool of its own), or wrap the call by hand.");
        }
        return Plan.of(new Fix(finding.ruleId(), finding.fingerprint(),
                "Wrap the blocking call in ForkJoinPool.managedBlock", Safety.REVIEW,
                "The statement runs once, unchanged, inside ManagedBlocker.block() on the same thread, so the"
                        + " common pool may start a spare worker while it waits instead of idling a core. That"
                        + " changes how many threads run the pool's other work at once; for much I/O a dedicated"
                        + " executor bounds it better. " + ManagedBlockWrap.LIMIT,
                wrap.edits()));
    }
}
