package org.fjdoctor.analyzer.rules.forkall;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskHandOff;
import org.fjdoctor.analyzer.model.TaskTimeline;
import org.fjdoctor.analyzer.rules.scattereddata.ForkLoops;
import org.fjdoctor.analyzer.rules.scattereddata.ForksInLoop;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;

@AutoService(Rule.class)
@RuleInfo(
        id = "fork-all",
        code = "FJ8",
        title = "Every subtask is forked and the worker only waits",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "Two or more subtasks forked and the next thing the task does is join one of them"
                + " (left.fork(); right.fork(); left.join() + right.join()), or a loop that forks every subtask"
                + " (prepared before it, or created as it forks) followed by a loop that joins them, also written as"
                + " tasks.forEach(ForkJoinTask::fork) followed by tasks.forEach(ForkJoinTask::join). Between them"
                + " may come further fork loops or a join of one subtask; the two loops may sit in two helpers"
                + " that the task calls one after the other with the same list.",
        rationale = "The current worker has nothing left to do but wait: the last fork costs a task push, a wake-up"
                + " of idle workers and a deque round trip, and the worker then joins a task buried under it. The"
                + " best practice (\"avoid unnecessary forking\", ForkJoinTask's javadoc) is to fork all but one"
                + " subtask and compute the last one directly (or call invokeAll(a, b), which does that).")
public final class ForkAllRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (CtBlock<?> block : model.blocksThatFork()) {
            TaskTimeline timeline = TaskTimeline.of(api, block);
            for (TaskTimeline.Event event : timeline.events()) {
                if (event instanceof TaskTimeline.Forked forked) {
                    straight(sink, timeline, forked.fork());
                }
            }
            forkedThenReturns(model, sink, block, timeline);
            List<CtStatement> statements = block.getStatements();
            for (int i = 0; i < statements.size(); i++) {
                int next = timeline.nextWorkAt(i + 1);
                if (statements.get(i) instanceof CtLoop forkLoop && next < statements.size()
                        && statements.get(next) instanceof CtLoop joinLoop) {
                    loops(model, sink, forkLoop, joinLoop);
                }
            }
        }
        Set<CtLoop> createdAndForked = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ForksInLoop loop : ForkLoops.in(model)) {
            if (!loop.handedToPool() && (loop.joinLoop() != null && OnlyWaits.between(model, loop.forkLoop(), loop.joinLoop())
                    || loop.joinLoop() == null && api.isJoin(loop.join())
                    && OnlyWaits.untilJoin(model, loop.forkLoop(), loop.join())
                    || loop.joinLoop() == null && waitsInTheNextHelper(model, loop))) {
                createAndFork(sink, loop);
                createdAndForked.add(loop.forkLoop());
            }
        }
        for (StoredForks.Found stored : StoredForks.in(model)) {
            if (createdAndForked.contains(stored.forkLoop())) {
                continue;
            }
            List<RelatedLocation> related = new ArrayList<>(sink.related(stored.forkLoop(), "the task's last work:"
                    + " this loop creates, stores and forks each subtask"));
            related.addAll(sink.related(stored.join(), "whoever waited for the task then only waits for them here"));
            sink.report(stored.fork(), Severity.WARNING, "This loop, the task's last work, forks every subtask it"
                    + " stores, and whoever waited for the task then only waits for these subtasks: the last fork only"
                    + " costs a deque round trip that running it in place (compute() it after the loop, or"
                    + " invokeAll) saves.", related);
        }
        for (ForEachForks.Passes passes : ForEachForks.in(model)) {
            String tasks = passes.tasks().getSimpleName();
            if (passes.forkLoop() != null) {
                String loop = passes.forkPassKind();
                List<RelatedLocation> related = new ArrayList<>(sink.related(passes.forkLoop(), "the " + loop
                        + " forks each subtask it adds to " + tasks));
                related.addAll(sink.related(passes.join(), "the worker then only waits here"));
                sink.report(passes.fork(), Severity.WARNING, "This " + loop + " forks every subtask it adds to " + tasks + ", and"
                        + " the worker then only waits for them: the last fork only costs a deque round trip, and the"
                        + " first join waits for the task deepest in the deque. Collect the subtasks and fork them with"
                        + " one invokeAll(" + tasks + "), which runs one of them on this worker.", related);
                continue;
            }
            sink.report(passes.fork(), Severity.WARNING, "This forEach forks every subtask of " + tasks + " and the"
                    + " worker then only waits for them in the next statement: the last fork only costs a deque round"
                    + " trip, and the first join waits for the task deepest in the deque. Fork them with one"
                    + " ForkJoinTask.invokeAll(" + tasks + "), which runs one of them on this worker.",
                    sink.related(passes.join(), "the worker then only waits here"));
        }
    }

    /**
     * A loop that creates and forks every subtask, and the worker then only joins them: the same waste as
     * forking prepared subtasks. When the loop also prepares each subtask's data, scattered-data reports the
     * same loop; its invokeAll rewrite ends both.
     */
    private static void createAndFork(FindingSink sink, ForksInLoop loop) {
        List<RelatedLocation> related = new ArrayList<>(sink.related(loop.forkLoop(), "the loop creates each subtask"));
        related.addAll(sink.related(loop.join(), "the worker then only waits here"));
        sink.report(loop.fork(), Severity.WARNING, "This loop creates and forks every subtask, and the worker then"
                + " only waits for them: the last fork only costs a deque round trip, and the first join waits for"
                + " the task deepest in the deque. Collect the subtasks and fork them with one invokeAll(tasks),"
                + " which runs one of them on this worker.", related, new CreateAndForkMatch(loop));
    }

    /**
     * The loop is the last work of a helper that forks into a collection its caller gave it, and the caller's next
     * work calls another helper of the class whose first work is the loop that joins them ({@code forkAll(tasks);
     * return joinAll(tasks);}): one fork loop and one join loop with nothing between, split over two methods.
     */
    private static boolean waitsInTheNextHelper(ForkJoinModel model, ForksInLoop loop) {
        CtParameter<?> tasks = TaskHandOff.tasksParameter(model, loop.forkLoop());
        TaskHandOff handOff = tasks == null ? null : TaskHandOff.of(model, loop.forkLoop(), tasks);
        CtLoop joinLoop = loop.join().getParent(CtLoop.class);
        return handOff != null && joinLoop != null && joinLoop.getParent(CtExecutable.class) == handOff.joinHelper()
                && loop.join().getParent(CtExecutable.class) == handOff.joinHelper()
                && OnlyWaits.untilEnd(model, loop.forkLoop()) && OnlyWaits.first(model, joinLoop)
                && OnlyWaits.between(model, handOff.forkCall(), handOff.joinCall());
    }

    private static void straight(FindingSink sink, TaskTimeline timeline, TaskTimeline.Fork last) {
        List<TaskTimeline.Fork> pending = timeline.pendingBefore(last.index());
        pending.removeIf(fork -> fork.task() == last.task());
        TaskTimeline.Join join = timeline.firstJoinAt(timeline.nextWorkAt(last.index() + 1));
        if (pending.isEmpty() || join == null || !join.leading()
                || pending.stream().noneMatch(fork -> fork.task() == join.task())) {
            return;
        }
        List<CtInvocation<?>> others = pending.stream().<CtInvocation<?>>map(TaskTimeline.Fork::call).toList();
        String name = last.task().getSimpleName();
        List<RelatedLocation> related = new ArrayList<>();
        for (CtInvocation<?> other : others) {
            related.addAll(sink.related(other, "also forked"));
        }
        related.addAll(sink.related(join.call(), "the worker then only waits here"));
        sink.report(last.call(), Severity.WARNING, "Every subtask is forked and the worker then only waits: " + name
                + ".fork() is the last fork before joining " + join.task().getSimpleName() + ", so it only costs a"
                + " deque round trip. Run " + name + " here with " + name + ".invoke() (or fork with invokeAll).",
                related, ForkAllMatch.straight(last.call(), last.task(), others, join.call()));
    }

    /**
     * The task forks every subtask as the last thing it does and returns, never computing one itself
     * ({@code left.fork(); right.fork();} at the end of a completer's compute(), or {@code for (T t : tasks)
     * t.fork();}): the worker pops the last fork right back off its own deque.
     */
    private static void forkedThenReturns(ForkJoinModel model, FindingSink sink, CtBlock<?> block, TaskTimeline timeline) {
        List<CtStatement> statements = block.getStatements();
        int last = statements.size() - 1;
        if (last >= 0 && statements.get(last) instanceof CtReturn<?> done && done.getReturnedExpression() == null) {
            last--;
        }
        if (last < 0 || !EndsTask.endsTask(block)) {
            return;
        }
        ForkJoinApi api = model.api();
        if (statements.get(last) instanceof CtForEach each && onlyStatement(each.getBody()) instanceof CtInvocation<?> fork
                && api.isFork(fork) && TaskTimeline.taskVariable(fork.getTarget()) == each.getVariable()
                && EndsTask.severalAdded(block, each, last)) {
            sink.report(each, Severity.WARNING, "This loop forks every subtask and the task then ends without running"
                    + " one itself: the worker pops the last fork right back off its own deque. Fork them with one"
                    + " invokeAll(" + each.getExpression() + "), which runs one of them on this worker.",
                    List.of(), ForkAllMatch.loops(fork, each, null, null));
            return;
        }
        CtInvocation<?> forgotten = statements.get(last) instanceof CtLoop loop ? EndsTask.createdAndForked(api, loop) : null;
        if (forgotten != null) {
            sink.report(forgotten, Severity.WARNING, "This loop, the task's last work, creates and forks every subtask"
                    + " and the task then ends without running one itself: the worker pops the last fork right back"
                    + " off its own deque. Collect the subtasks and fork them with one invokeAll(tasks), which runs"
                    + " one of them on this worker.", sink.related(statements.get(last), "the loop creates each subtask"));
            return;
        }
        List<TaskTimeline.Fork> pending = timeline.pendingBefore(last + 1);
        if (pending.size() < 2 || pending.get(pending.size() - 1).index() != last) {
            return;
        }
        TaskTimeline.Fork lastFork = pending.get(pending.size() - 1);
        List<CtInvocation<?>> others = pending.subList(0, pending.size() - 1).stream()
                .<CtInvocation<?>>map(TaskTimeline.Fork::call).toList();
        List<RelatedLocation> related = new ArrayList<>();
        for (CtInvocation<?> other : others) {
            related.addAll(sink.related(other, "also forked"));
        }
        String name = lastFork.task().getSimpleName();
        sink.report(lastFork.call(), Severity.WARNING, "Every subtask is forked and the task then ends without running"
                + " one itself: " + name + ".fork() is the last thing it does, so the worker pops " + name + " right back"
                + " off its own deque. Run " + name + " here instead of forking it.", related,
                ForkAllMatch.straight(lastFork.call(), lastFork.task(), others, null));
    }

    /** {@code for (T t : tasks) t.fork();} of tasks made before it, then a loop that joins them. */
    private static void loops(ForkJoinModel model, FindingSink sink, CtLoop forkLoop, CtLoop joinLoop) {
        ForkJoinApi api = model.api();
        if (!(forkLoop instanceof CtForEach each) || !(onlyStatement(each.getBody()) instanceof CtInvocation<?> fork)
                || !api.isFork(fork) || TaskTimeline.taskVariable(fork.getTarget()) != each.getVariable()
                || CodeScan.elementsIn(forkLoop, CtConstructorCall.class).stream().anyMatch(api::isTaskConstruction)) {
            return; // a loop that creates its subtasks as it forks them is scattered-data's finding
        }
        CtInvocation<?> join = CodeScan.elementsIn(joinLoop.getBody(), CtInvocation.class).stream()
                .filter(api::isJoin).findFirst().orElse(null);
        if (join == null) {
            return;
        }
        List<RelatedLocation> related = new ArrayList<>(sink.related(join, "the worker then only waits here"));
        sink.report(forkLoop, Severity.WARNING, "This loop forks every subtask and the worker then only waits for"
                + " them in the next loop: the last fork only costs a deque round trip, and the first join waits"
                + " for the task deepest in the deque. Fork them with one invokeAll(" + each.getExpression()
                + "), which runs one of them on this worker.", related,
                ForkAllMatch.loops(fork, forkLoop, joinLoop, join));
    }

    private static CtStatement onlyStatement(CtStatement body) {
        if (body instanceof CtBlock<?> block) {
            return block.getStatements().size() == 1 ? block.getStatement(0) : null;
        }
        return body;
    }
}
