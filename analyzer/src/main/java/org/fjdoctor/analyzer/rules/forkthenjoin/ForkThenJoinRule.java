package org.fjdoctor.analyzer.rules.forkthenjoin;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskTimeline;
import org.fjdoctor.analyzer.rules.forkall.ForEachForks;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;

@AutoService(Rule.class)
@RuleInfo(
        id = "fork-then-join",
        code = "FJ9",
        title = "A task is forked and joined at once",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "t.fork() directly followed by t.join() (or t.get(), t.quietlyJoin()), with nothing run in"
                + " between, or t.fork().join(), or a sequential pipeline that maps each subtask through fork() and"
                + " then join() (tasks.stream().map(ForkJoinTask::fork).map(ForkJoinTask::join)): streams pass one"
                + " element through every step before taking the next.",
        rationale = "Forking pushes the task onto the worker's deque and wakes idle workers to steal it; joining it at"
                + " once either pops it straight back or, if a thief got it first, makes this worker wait or help"
                + " elsewhere. Nothing runs alongside it, so the fork buys no parallelism and is pure overhead: a deque"
                + " round trip, a signal to other workers and possibly a blocked join. Call t.invoke(), which runs the"
                + " task in place and returns the same result.")
public final class ForkThenJoinRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            if (api.isJoin(call) && call.getTarget() instanceof CtInvocation<?> fork && api.isFork(fork)) {
                report(sink, new ForkThenJoinMatch(fork, call, true));
            }
            CtInvocation<?> forkStep = ForEachForks.forkedEarlierInPipeline(model, call);
            if (forkStep != null) {
                sink.report(forkStep, Severity.WARNING, "This sequential pipeline forks each subtask and its next step"
                        + " joins it before the next element is forked (streams run one element at a time): nothing"
                        + " runs alongside a subtask, so each fork only costs a deque round trip. Fork and join them"
                        + " all with ForkJoinTask.invokeAll(tasks), or collect the forked tasks into a list first.",
                        sink.related(call, "joined here, element by element"));
            }
        }
        for (CtBlock<?> block : model.blocksThatFork()) {
            TaskTimeline timeline = TaskTimeline.of(api, block);
            for (TaskTimeline.Event event : timeline.events()) {
                if (event instanceof TaskTimeline.Forked forked) {
                    TaskTimeline.Join join = nextJoin(api, timeline, timeline.nextWorkAt(forked.index() + 1));
                    if (join != null && join.leading() && join.task() == forked.task()) {
                        report(sink, new ForkThenJoinMatch(forked.fork().call(), join.call(), false));
                    }
                }
            }
        }
    }

    /**
     * The leading join of the statement at {@code index}, or of the first statement of the try block there
     * ({@code t.fork(); try { t.get(); } catch (..)}): the catch clauses only run if the join throws.
     */
    private static TaskTimeline.Join nextJoin(ForkJoinApi api, TaskTimeline timeline, int index) {
        List<CtStatement> statements = timeline.block().getStatements();
        if (index < statements.size() && statements.get(index) instanceof CtTry attempt
                && !(attempt instanceof CtTryWithResource) && attempt.getBody() != null) {
            return TaskTimeline.of(api, attempt.getBody()).firstJoinAt(0);
        }
        return timeline.firstJoinAt(index);
    }

    private static void report(FindingSink sink, ForkThenJoinMatch match) {
        String task = TaskTimeline.taskVariable(match.fork().getTarget()) != null ? match.fork().getTarget().toString()
                : null;
        String waits = match.join().getExecutable().getSimpleName();
        String shape = task == null ? "The task is forked and at once joined (fork()." + waits + "())"
                : task + ".fork() is followed at once by " + task + "." + waits + "()";
        List<RelatedLocation> related = new ArrayList<>(sink.related(match.join(), "joined here, before anything else ran"));
        sink.report(match.fork(), Severity.WARNING, shape + ": nothing runs alongside the task, so forking only costs a"
                + " deque round trip and a wake-up of idle workers. Call " + (task == null ? "invoke() on it" : task
                + ".invoke()") + " to run it in place.", related, match);
    }
}
