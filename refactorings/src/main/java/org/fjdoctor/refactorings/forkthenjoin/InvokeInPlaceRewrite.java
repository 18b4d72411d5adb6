package org.fjdoctor.refactorings.forkthenjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.forkthenjoin.ForkThenJoinMatch;
import org.fjdoctor.analyzer.rules.forkthenjoin.ForkThenJoinRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

/**
 * FJ9: {@code t.fork(); t.join()} (or {@code t.fork().join()}) becomes {@code t.invoke()}, and
 * {@code quietlyJoin()} becomes {@code quietlyInvoke()}. invoke() runs the task on this worker and returns
 * what join() would have returned, with the same exception; since nothing ran between the fork and the
 * join, only the task's trip through the deque goes away.
 */
@AutoService(Refactoring.class)
public final class InvokeInPlaceRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return ForkThenJoinRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(ForkThenJoinMatch.class);
    }

    @Override
    public String summary() {
        return "Replaces a fork() followed at once by join() with invoke() (quietlyJoin with"
                + " quietlyInvoke): the task runs on the current worker without a round trip through its"
                + " deque.";
    }

    @Override
    public String safeWhen() {
        return "Always for join and quietlyJoin, since nothing ran between the fork and the join; get()"
                + " becomes invoke() only as REVIEW because its checked exceptions are no longer thrown.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        ForkThenJoinMatch match = context.match(finding, ForkThenJoinMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        String waits = match.join().getExecutable().getSimpleName();
        String invoke = waits.equals("quietlyJoin") ? "quietlyInvoke" : "invoke";
        SourceFile file = context.file(match.fork());
        List<TextEdit> edits = new ArrayList<>();
        if (match.chained()) {
            edits.add(TextEdit.replace(file.path(), match.fork().getTarget().getPosition().getSourceEnd() + 1,
                    SourceLines.callEnd(file.text(), match.join()), "." + invoke + "()"));
        } else {
            edits.add(SourceLines.delete(file, match.fork()));
            edits.add(TextEdit.replace(file.path(), match.join().getTarget().getPosition().getSourceEnd() + 1,
                    SourceLines.callEnd(file.text(), match.join()), "." + invoke + "()"));
        }
        String task = context.text(match.fork().getTarget());
        String title = "Run the task in place: " + task + "." + invoke + "() instead of fork() and " + waits + "()";
        if (waits.equals("get")) {
            return Plan.of(new Fix(Refactoring.idOf(ForkThenJoinRule.class), finding.fingerprint(), title,
                    Safety.REVIEW, "invoke() returns what get() returns, but throws the task's exception unchecked"
                    + " instead of wrapping it in an ExecutionException (and never throws InterruptedException):"
                    + " check the catch clauses around it, which may no longer compile or may no longer catch it.",
                    edits));
        }
        return Plan.of(new Fix(Refactoring.idOf(ForkThenJoinRule.class), finding.fingerprint(), title, Safety.SAFE,
                waits + "() of a task forked just before, with nothing run in between, waits for that task alone;"
                + " " + invoke + "() runs it on this worker and returns the same result and rethrows the same"
                + " exception, so nothing that ran concurrently before runs differently now. Only the push to the"
                + " deque, the wake-up of idle workers and the pop (or a wait for a thief) go away.", edits));
    }
}
