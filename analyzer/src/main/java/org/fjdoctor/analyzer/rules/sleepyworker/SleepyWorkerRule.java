package org.fjdoctor.analyzer.rules.sleepyworker;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.Studies;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.CommonPoolWaits;
import org.fjdoctor.analyzer.model.ErrorPaths;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Observers;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCFlowBreak;
import spoon.reflect.code.CtDo;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFor;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.code.CtWhile;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

@AutoService(Rule.class)
@RuleInfo(
        id = "sleepy-worker",
        code = "FJ6",
        title = "Task code puts its worker thread to sleep",
        category = Category.SYNCHRONIZATION_MANAGEMENT,
        severity = Severity.WARNING,
        description = "Thread.sleep, TimeUnit.sleep, LockSupport.park or a busy-wait loop runs in task code, or a"
                + " sleep or park runs on a common-pool worker (a parallel stream's or an executor-less *Async"
                + " call's function).",
        rationale = "The programmer means to pause the task, but the runtime pauses the worker: the tasks on"
                + " its deque wait, the pool has about one worker per core, and an idle core may drop into a"
                + " low-power state that is slow to wake. In the published study a task that slept to wait for"
                + " a result it had already computed ran 1,917x faster and used 13,495x less energy without the"
                + " sleep. Remove a sleep that waits for something the task already has, join() the awaited task"
                + " instead of polling, or wrap unavoidable waiting in ForkJoinPool.managedBlock.",
        figures = {
                "3 occurrences in the studied projects.",
                "In the worst case a task slept to wait for a result that had already been computed"
                        + " synchronously; without the sleep it ran 1,917x faster and used 13,495x less energy."},
        source = Studies.FORK_JOIN_BOTTLENECKS_2017,
        example = """
                Thread.sleep(PAUSE_MILLIS); // let the indexer catch up
                """,
        fixedExample = """
                ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                    private boolean done;

                    @Override
                    public boolean block() throws InterruptedException {
                        Thread.sleep(PAUSE_MILLIS); // let the indexer catch up
                        done = true;
                        return true;
                    }

                    @Override
                    public boolean isReleasable() {
                        return done;
                    }
                });
                """)
public final class SleepyWorkerRule implements Rule {

    /**
     * A pause in the functions of a parallel stream or of an {@code *Async} call without an executor pauses a
     * common-pool worker just as one in a task pauses its pool's worker ({@link #detectInCommonPool}).
     */
    @Override
    public boolean needsCommonPoolCode() {
        return true;
    }

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            String what = sleepKind(model, call);
            if (what != null && !endsProcess(api, call)) {
                boolean sleep = api.isCall(call, "java.lang.Thread", "sleep")
                        || api.isCall(call, "java.util.concurrent.TimeUnit", "sleep");
                report(model, sink, call, sleep ? Sleep.Shape.SLEEP : Sleep.Shape.PARK,
                        what + " pauses the worker thread, not just the task");
            }
        }
        for (CtLoop loop : model.taskCodeElements(CtLoop.class)) {
            if (isBusyWait(api, loop) && !inLockFreeUpdate(loop)) {
                report(model, sink, loop, Sleep.Shape.BUSY_WAIT, "This busy-wait loop spins the worker thread until"
                        + " another task changes a value");
            }
        }
        detectInCommonPool(model, sink);
    }

    /**
     * Sleeps and parks in code that runs on common-pool workers outside task code (code submitted to
     * {@code commonPool()} is task code, above): each is reported once, at its own line, with the path from the
     * first function (in source order) that reaches it. Only a pause that blocking-in-common-pool also counts as
     * holding the worker (not on an error path, not managed, not off the worker); that rule's finding stays at
     * the submission site, where its fix (an executor of its own) goes, and names the pause among its blocking
     * calls. A pause reached only through a call whose receiver could not be traced is left out, as in task code.
     */
    private static void detectInCommonPool(ForkJoinModel model, FindingSink sink) {
        Set<CtInvocation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        model.commonPoolReachableByEntry().forEach((entry, reached) -> {
            for (Reach reach : reached) {
                if (model.isTaskCode(reach.executable()) || model.guessedOnPath(reach)) {
                    continue;
                }
                for (CtInvocation<?> call : CodeScan.runIn(reach.executable(), CtInvocation.class)) {
                    Apis.Api effect = model.libraryEffectOf(call);
                    if (effect != null && effect.effect() == Apis.Effect.SLEEPS && !model.isTaskCode(call)
                            && !endsProcess(model.api(), call)
                            && CommonPoolWaits.holdWorker(model, call, effect, entry, reach)
                            && seen.add(call)) {
                        reportInCommonPool(sink, call, effect, reach);
                    }
                }
            }
        });
    }

    private static void reportInCommonPool(FindingSink sink, CtInvocation<?> call, Apis.Api effect, Reach reach) {
        String where = reach.depth() > 0 ? "through " + sink.narrowedPathText(reach) : "in " + reach.entry().label();
        sink.report(call, Severity.WARNING, effect.label() + " pauses a ForkJoinPool.commonPool() worker, not just"
                + " this function (" + where + "); every other user of the common pool (parallel streams, *Async"
                + " calls) has one worker fewer while it waits. Drop the pause, run this work on an executor of its"
                + " own, or wrap the pause in ForkJoinPool.managedBlock.", sink.callPath(reach),
                new CommonPoolPause(call, reach));
    }

    private static void report(ForkJoinModel model, FindingSink sink, CtElement at, Sleep.Shape shape, String what) {
        Reach reach = model.reachOf(at);
        if (model.reachedOnlyFromLoneTasks(reach)) {
            return; // the only task of a pool made for it: no task is queued behind this worker
        }
        if (model.reachedOnlyByGuess(reach)) {
            return; // only through calls dispatched by type to one of several implementations: a path fjdoctor guessed
        }
        // A retry's back-off is left alone only in common-pool code (CommonPoolWaits), where the attempt it waits
        // for is the work that does not belong there; in a task it stalls a worker of the task's own pool, which
        // managedBlock fixes.
        if (ErrorPaths.only(at, reach)) {
            return; // only on an error or shutdown path, where it delays that path rather than the computation
        }
        String path = reach.depth() > 0 ? " (reached from task code through " + sink.narrowedPathText(reach) + ")" : "";
        sink.report(at, Severity.WARNING, what + path + "; the tasks queued on this worker wait with it. Join the awaited task,"
                + " drop the pause, or wrap it in ForkJoinPool.managedBlock.", sink.callPath(reach),
                new Sleep(at, shape, reach));
    }

    /**
     * Whether a pause is one of the last things before the process ends: the method (or lambda) around it
     * neither returns nor throws, its last statement is {@code System.exit} or {@code Runtime.exit/halt},
     * and the pause is in no loop there. h2o's embedded config sleeps so that a goodbye message goes out
     * before it exits; the tasks queued on the worker end with the process, so no work waits for that
     * pause. A pause in a loop before the exit (a service loop that sleeps until stopped) is reported.
     */
    private static boolean endsProcess(ForkJoinApi api, CtInvocation<?> pause) {
        CtExecutable<?> around = pause.getParent(CtExecutable.class);
        CtBlock<?> body = around == null ? null : around.getBody();
        if (body == null || body.getStatements().isEmpty() || !(body.getLastStatement() instanceof CtInvocation<?> last)
                || !(api.matches(Apis.SYSTEM_EXIT, last) || api.matches(Apis.RUNTIME_EXIT, last))) {
            return false;
        }
        for (CtElement parent = pause.getParent(); parent != around; parent = parent.getParent()) {
            if (parent instanceof CtLoop) {
                return false;
            }
        }
        return CodeScan.elementsIn(body, CtCFlowBreak.class).stream()
                .filter(leave -> leave instanceof CtReturn<?> || leave instanceof CtThrow)
                .noneMatch(leave -> leave.getParent(CtExecutable.class) == around);
    }

    /**
     * A spin inside a lock-free update: the method around the loop publishes with a compare-and-set, and the
     * loop waits for another thread to finish the few steps between its own compare-and-set and the write
     * this loop polls (a half-linked node, a slot being filled). That wait is bounded by those steps, not by
     * another task's work.
     */
    private static boolean inLockFreeUpdate(CtLoop loop) {
        CtExecutable<?> around = loop.getParent(CtExecutable.class);
        return around != null && CodeScan.elementsIn(around, CtInvocation.class).stream()
                .anyMatch(call -> call.getExecutable() != null && CAS.matcher(call.getExecutable().getSimpleName()).matches());
    }

    private static final Pattern CAS = Pattern.compile("(weak)?[cC]ompareAndS(et|wap)\\w*|cas[A-Z]\\w*");

    private static String sleepKind(ForkJoinModel model, CtInvocation<?> call) {
        Apis.Api effect = model.libraryEffectOf(call);
        return effect != null && effect.effect() == Apis.Effect.SLEEPS ? effect.label() : null;
    }

    /**
     * A loop with a non-constant condition whose body does nothing but spin ({@code Thread.yield()},
     * {@code Thread.onSpinWait()}, or nothing): it can only end when another thread changes state. Also
     * {@code while (true) { if (ready()) { ..; return; } }}: a loop forever whose body is one guard
     * (without else) that only observes state spins the same way for as long as the guard is false.
     */
    private static boolean isBusyWait(ForkJoinApi api, CtLoop loop) {
        CtExpression<?> condition = loop instanceof CtWhile w ? w.getLoopingExpression()
                : loop instanceof CtDo d ? d.getLoopingExpression()
                : loop instanceof CtFor f ? f.getExpression() : null;
        if (loop instanceof CtFor f && !f.getForUpdate().isEmpty()) {
            return false;
        }
        CtStatement body = loop.getBody();
        List<CtStatement> statements = body instanceof CtBlock<?> block ? block.getStatements()
                : body == null ? List.of() : List.of(body);
        if (isForever(loop, condition)) {
            return !statements.isEmpty() && statements.get(0) instanceof CtIf guard && guard.getElseStatement() == null
                    && observesOnly(guard.getCondition()) && spinsOnly(api, statements.subList(1, statements.size()));
        }
        return condition != null && !(condition instanceof CtLiteral<?>) && observesOnly(condition)
                && spinsOnly(api, statements);
    }

    /** {@code while (true)}, {@code do .. while (true)} or {@code for (..;;)}. */
    private static boolean isForever(CtLoop loop, CtExpression<?> condition) {
        return condition == null ? loop instanceof CtFor
                : condition instanceof CtLiteral<?> literal && Boolean.TRUE.equals(literal.getValue());
    }

    /**
     * Whether a condition only polls state another thread can change: it reads a field or calls only
     * observers. {@code do {} while (!tryPushStack(c))} or {@code while (it.tryAdvance(action))} do their
     * work in the condition (a CAS retry, a traversal), and a condition on locals alone cannot change.
     */
    private static boolean observesOnly(CtExpression<?> condition) {
        var calls = CodeScan.elementsIn(condition, CtInvocation.class);
        if (calls.isEmpty() && CodeScan.elementsIn(condition, spoon.reflect.code.CtFieldRead.class).isEmpty()) {
            return false;
        }
        return calls.stream().allMatch(Observers::observes);
    }

    /** Statements that do nothing but spin: {@code Thread.yield()}, {@code Thread.onSpinWait()}, or none. */
    private static boolean spinsOnly(ForkJoinApi api, List<CtStatement> statements) {
        for (CtStatement statement : statements) {
            if (!(statement instanceof CtInvocation<?> call) || !api.matches(Apis.SPIN, call)) {
                return false;
            }
        }
        return true;
    }
}
