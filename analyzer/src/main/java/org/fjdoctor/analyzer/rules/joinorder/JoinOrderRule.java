package org.fjdoctor.analyzer.rules.joinorder;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskTimeline;
import org.fjdoctor.analyzer.rules.forkall.ForEachForks;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtVariable;

@AutoService(Rule.class)
@RuleInfo(
        id = "join-order",
        code = "FJ7",
        title = "Subtasks are joined in the order they were forked",
        category = Category.SYNCHRONIZATION_MANAGEMENT,
        severity = Severity.WARNING,
        description = "Two or more subtasks forked, then joined in fork order (a.fork(); b.fork(); a.join();"
                + " b.join();): the first join waits for a task that lies under a later fork in the worker's deque."
                + " Loops too: a join loop that walks the fork loop's list forwards, or a forEach or stream pass"
                + " (tasks.forEach(ForkJoinTask::join), tasks.stream().map(ForkJoinTask::join)) right after"
                + " tasks.forEach(ForkJoinTask::fork): both passes walk the same unchanged collection in the same"
                + " order (a HashSet's too), so the joins follow the forks one by one.",
        rationale = "A worker's deque is LIFO for its owner: the last task forked is on top. Joining the first-forked"
                + " task first cannot simply pop it; the worker has to search its deque for it, or wait while a thief"
                + " runs it, while its own later forks sit idle. ForkJoinTask's javadoc says that joining in the"
                + " reverse order of forking (a.fork(); b.fork(); b.join(); a.join();) \"is likely to be"
                + " substantially more efficient\". Join the last-forked task first.",
        example = """
                List<Sum> parts = List.of(new Sum(n / 2), new Sum(n - n / 2));
                parts.forEach(t -> t.fork());
                return parts.stream().mapToInt(ForkJoinTask::join).sum(); // the first-forked part first
                """,
        fixedExample = """
                List<Sum> parts = List.of(new Sum(n / 2), new Sum(n - n / 2));
                ForkJoinTask.invokeAll(parts); // forks all but one and runs that one on this worker
                return parts.stream().mapToInt(ForkJoinTask::join).sum();
                """)
public final class JoinOrderRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        for (ForEachForks.Passes passes : ForEachForks.in(model)) {
            if (!ForEachForks.joinsInForkOrder(model, passes)) {
                continue;
            }
            String tasks = passes.tasks().getSimpleName();
            sink.report(passes.join(), Severity.WARNING, "This statement joins the subtasks of " + tasks + " in the"
                    + " order " + (passes.forkLoop() != null ? "the " + passes.forkPassKind()
                    + " above forked and added them" : "the forEach above"
                    + " forked them (both walk the same unchanged collection, in the same order)") + ": the first join waits for the subtask at the bottom of the worker's deque, the one"
                    + " thieves take first, while the worker's last fork waits on top. Join the last forked first"
                    + " (walk a list backwards), or fork and join them with ForkJoinTask.invokeAll(" + tasks + ").",
                    sink.related(passes.fork(), "forked here, in order"));
        }
        for (CtBlock<?> block : model.blocksThatFork()) {
            JoinLoopOrderMatch loops = JoinLoops.find(model, block);
            if (loops != null) {
                List<RelatedLocation> related = new ArrayList<>(sink.related(loops.fork(), "forked here, in order"));
                sink.report(loops.join(), Severity.WARNING, "This loop joins the subtasks in the order the loop above"
                        + " forked them: the first join waits for the subtask at the bottom of the worker's deque,"
                        + " the one thieves take first, while the worker's last fork waits on top. Join them in"
                        + " reverse (count the join loop down).", related, loops);
                continue;
            }
            TaskTimeline timeline = TaskTimeline.of(model.api(), block);
            List<TaskTimeline.Event> events = timeline.events();
            for (int e = 0; e < events.size(); e++) {
                if (!(events.get(e) instanceof TaskTimeline.Joined joined)) {
                    continue;
                }
                List<TaskTimeline.Fork> pending = timeline.pendingBefore(joined.index());
                int at = indexOf(pending, joined.task());
                if (at >= 0 && at < pending.size() - 1 && pendingAt(timeline, e, pending)) {
                    report(sink, block, pending, joinsFrom(events, e, pending));
                    break; // one finding per block: its rewrite orders all of the block's joins
                }
            }
        }
    }

    /** Whether no event of the same statement before {@code e} already joined or touched a pending task. */
    private static boolean pendingAt(TaskTimeline timeline, int e, List<TaskTimeline.Fork> pending) {
        TaskTimeline.Event joined = timeline.events().get(e);
        for (int i = e - 1; i >= 0 && timeline.events().get(i).index() == joined.index(); i--) {
            if (indexOf(pending, timeline.events().get(i).task()) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** The first join of each pending task from event {@code e} on, in order, until one is used otherwise. */
    private static List<CtInvocation<?>> joinsFrom(List<TaskTimeline.Event> events, int e,
                                                   List<TaskTimeline.Fork> pending) {
        List<CtInvocation<?>> joins = new ArrayList<>();
        List<CtVariable<?>> seen = new ArrayList<>();
        for (int i = e; i < events.size() && joins.size() < pending.size(); i++) {
            TaskTimeline.Event event = events.get(i);
            if (indexOf(pending, event.task()) < 0 || seen.stream().anyMatch(v -> v == event.task())) {
                continue;
            }
            if (!(event instanceof TaskTimeline.Joined joined)) {
                break;
            }
            seen.add(joined.task());
            joins.add(joined.join().call());
        }
        return joins;
    }

    private static int indexOf(List<TaskTimeline.Fork> forks, CtVariable<?> task) {
        for (int i = 0; i < forks.size(); i++) {
            if (forks.get(i).task() == task) {
                return i;
            }
        }
        return -1;
    }

    private static void report(FindingSink sink, CtBlock<?> block, List<TaskTimeline.Fork> pending,
                               List<CtInvocation<?>> joins) {
        CtInvocation<?> first = joins.get(0);
        TaskTimeline.Fork joinedFork = pending.stream()
                .filter(f -> f.task() == TaskTimeline.taskVariable(first.getTarget())).findFirst().orElseThrow();
        TaskTimeline.Fork top = pending.get(pending.size() - 1);
        List<RelatedLocation> related = new ArrayList<>();
        related.addAll(sink.related(joinedFork.call(), joinedFork.task().getSimpleName() + " forked here"));
        related.addAll(sink.related(top.call(), top.task().getSimpleName() + " forked later, on top of it"));
        sink.report(first, Severity.WARNING, joinedFork.task().getSimpleName() + " is joined while "
                + top.task().getSimpleName() + ", forked after it, still waits on top of it in the worker's deque:"
                + " the worker must search its deque or wait instead of popping its own last fork. Join in the"
                + " reverse order of forking (" + top.task().getSimpleName() + " first).", related,
                new JoinOrderMatch(block, pending.stream().<CtInvocation<?>>map(TaskTimeline.Fork::call).toList(),
                        joins));
    }
}
