package org.fjdoctor.analyzer.rules.centralizedpooling;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.Studies;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ErrorPaths;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.model.OtherPools;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtType;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtElement;

@AutoService(Rule.class)
@RuleInfo(
        id = "centralized-pooling",
        code = "FJ1",
        title = "Task code submits work to a pool's central queue",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "Work created inside task code is handed to a pool with execute/submit/invoke instead of"
                + " being forked onto the current worker's own deque. Not reported: a pool that cannot be a"
                + " fork/join pool (a ThreadPoolExecutor), a submission only after a failure, and one task code"
                + " reaches only through calls whose receiver could not be traced, dispatched by type to one of"
                + " several implementations (which one runs is a guess).",
        rationale = "Work stealing is decentralized: fork() pushes onto the running worker's deque, where it is"
                + " cheap to take and to steal. Submitting through the pool goes through the shared submission"
                + " queue, which costs scanning and synchronization and delays the task. In Akka's dispatcher,"
                + " forking the mailbox task instead of submitting it gave 3.1x mean speedup and 31.6% mean energy"
                + " savings. Inside task code, use sub.invoke() for pool.invoke(sub) and fork() (guarded by"
                + " ForkJoinTask.getPool() == pool) for execute/submit.",
        figures = {
                "In Akka's dispatcher each message enqueued the actor's mailbox task to the pool; forking it"
                        + " directly when the mailbox was idle gave a 3.1x mean speedup (up to 13.1x).",
                "The same change saved 31.6% energy on average (up to 80.2%) on the actor benchmarks.",
                "It slowed things down mildly when an actor received messages faster than it processed them."},
        source = Studies.FORK_JOIN_BOTTLENECKS_2017,
        example = """
                // inside compute() of a RecursiveTask<Long>
                SumTask left = new SumTask(data, from, mid);
                SumTask right = new SumTask(data, mid, to);
                return pool.invoke(left) + right.compute();
                """,
        fixedExample = """
                SumTask left = new SumTask(data, from, mid);
                SumTask right = new SumTask(data, mid, to);
                return left.invoke() + right.compute();
                """)
public final class CentralizedPoolingRule implements Rule {

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        ForkJoinApi api = model.api();
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            boolean commonPool = api.isCommonPoolReceiver(call);
            // invokeAll/invokeAny of another executor also wait for its threads: intra-task-sync reports
            // that cost at the same call, this rule the trip through a central queue.
            if (!api.isPoolSubmission(call) || !(commonPool || api.isExecutorServiceReceiver(call)
                    || model.mayBePool(call.getTarget()))
                    || isThreadPoolExecutor(model, call) || isFallbackOfGuardedFork(api, call)
                    || !commonPool && !api.isForkJoinPoolReceiver(call) && (model.onlyThreadPools(call.getTarget())
                        || model.noPoolOnWorker(call.getTarget()))
                    || OtherPools.isAnotherPool(model, call.getTarget())) {
                continue;
            }
            Reach reach = model.reachOf(call);
            if (model.reachedOnlyByGuess(reach)) {
                continue; // only through calls dispatched by type to one of several implementations: a guessed path
            }
            if (ErrorPaths.failureOnly(call, reach)) {
                continue; // a submission only after a failure (a retry, a reconnect) is not the computation's
            }
            String pool = commonPool ? "the common pool" : "a pool";
            String method = call.getExecutable().getSimpleName();
            StringBuilder message = new StringBuilder("Task code hands work to ").append(pool).append(" with ")
                    .append(method).append("(..), through its central submission queue, instead of forking it onto"
                            + " this worker's own deque");
            if (reach.depth() > 0) {
                message.append("; reached from task code through ").append(FindingSink.pathText(reach));
            }
            message.append(method.equals("invoke") ? ". Call invoke() on the task itself." : ". Fork the task when"
                    + " running in that pool (ForkJoinTask.getPool() == pool), submit otherwise.");
            List<RelatedLocation> related = new ArrayList<>(sink.callPath(reach));
            sink.report(call, message.toString(), related,
                    new Submission(call, call.getTarget(), call.getArguments().get(0), commonPool, reach));
        }
    }

    /**
     * A receiver declared as a {@code ThreadPoolExecutor} (GPars' {@code DefaultPool.pool}) is never a
     * fork/join pool: the work leaves for other threads, not through a fork/join pool's central queue.
     * (Waiting for it is intra-task-sync's finding.)
     */
    private static boolean isThreadPoolExecutor(ForkJoinModel model, CtInvocation<?> call) {
        if (call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>) {
            // submit(task) inside a class that extends ThreadPoolExecutor: the receiver is that executor, though
            // the method is declared on AbstractExecutorService
            CtType<?> self = call.getParent(CtType.class);
            if (self != null && model.types().isSubtypeOf(self.getReference(), JavaTypes.THREAD_POOL_EXECUTOR)) {
                return true;
            }
        }
        return model.types().isSubtypeOf(model.api().receiverType(call), JavaTypes.THREAD_POOL_EXECUTOR);
    }

    /**
     * The catalog's own rewrites: {@code if (ForkJoinTask.getPool() == pool) t.fork(); else pool.execute(t);}
     * and {@code ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool ? t.invoke() : pool.invoke(t)}.
     * The submission only runs off that pool's workers, where there is no deque to fork onto.
     */
    private static boolean isFallbackOfGuardedFork(ForkJoinApi api, CtInvocation<?> call) {
        for (CtElement e = call; e.isParentInitialized(); e = e.getParent()) {
            CtElement parent = e.getParent();
            if (parent instanceof CtIf branch && branch.getElseStatement() == e && asksWhere(api, branch.getCondition())
                    && branch.getThenStatement() != null
                    && CodeScan.elementsIn(branch.getThenStatement(), CtInvocation.class).stream().anyMatch(api::isFork)) {
                return true;
            }
            // the other branch must invoke this very task (pool.invoke(t)'s t) in place
            if (parent instanceof CtConditional<?> choice && choice.getElseExpression() == e && e == call
                    && asksWhere(api, choice.getCondition())
                    && choice.getThenExpression() instanceof CtInvocation<?> inPlace && api.matches(Apis.TASK_INVOKE, inPlace)
                    && call.getArguments().size() == 1 && call.getArguments().get(0).equals(inPlace.getTarget())) {
                return true;
            }
        }
        return false;
    }

    /** The condition asks where it runs ({@code ForkJoinTask.getPool()}, {@code inForkJoinPool()}). */
    private static boolean asksWhere(ForkJoinApi api, CtElement condition) {
        return CodeScan.elementsIn(condition, CtInvocation.class).stream().anyMatch(c -> api.matches(Apis.WHERE_AM_I, c));
    }
}
