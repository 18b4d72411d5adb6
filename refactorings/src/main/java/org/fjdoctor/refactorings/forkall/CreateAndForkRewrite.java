package org.fjdoctor.refactorings.forkall;

import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.forkall.CreateAndForkMatch;
import org.fjdoctor.analyzer.rules.forkall.ForkAllRule;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.scattereddata.InvokeAllRewrite;

import com.google.auto.service.AutoService;

/**
 * FJ8 on a loop that creates and forks each subtask: the fix is scattered-data's, collecting the subtasks
 * and forking them with one {@code invokeAll(tasks)} after the loop, which runs one of them on this worker.
 * When scattered-data reports the same loop, both findings get the same edits, applied once.
 */
@AutoService(Refactoring.class)
public final class CreateAndForkRewrite implements Refactoring {

    private final InvokeAllRewrite invokeAll = new InvokeAllRewrite();

    @Override
    public Class<? extends Rule> rule() {
        return ForkAllRule.class;
    }

    @Override
    public int priority() {
        return 10; // the only rewrite of create-and-fork loops (InvokeLastRewrite reads the other shapes)
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(CreateAndForkMatch.class);
    }

    @Override
    public String summary() {
        return "A loop that creates and forks every subtask collects them instead and forks them with one"
                + " invokeAll(tasks) after it (scattered-data's rewrite); the join loop stays.";
    }

    @Override
    public String safeWhen() {
        return invokeAll.safeWhen();
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        CreateAndForkMatch match = context.match(finding, CreateAndForkMatch.class).orElse(null);
        return match == null ? Plan.none() : invokeAll.plan(finding, context, match.loop());
    }
}
