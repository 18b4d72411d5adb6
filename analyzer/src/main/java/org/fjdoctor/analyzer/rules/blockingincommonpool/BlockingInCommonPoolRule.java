package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.ValueOrigins;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.declaration.CtElement;

@AutoService(Rule.class)
@RuleInfo(
        id = "blocking-in-common-pool",
        code = "FJ12",
        title = "Blocking I/O or waiting in the common pool",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "A blocking call (file, socket, HTTP or JDBC I/O, a lock, latch, queue or future wait, a"
                + " sleep) is reached from a function of a parallel stream, of a CompletableFuture.*Async call"
                + " without an executor, or of code submitted to ForkJoinPool.commonPool().",
        rationale = "All of these run in the one ForkJoinPool.commonPool() of the JVM, which has one worker fewer"
                + " than the machine has cores (the caller of a parallel stream helps). A worker that waits for a"
                + " disk, a network or a lock holds its core idle and every other parallel stream and *Async call of the process queues"
                + " behind it; the pool does not know it is waiting, so it starts no replacement. Pass a"
                + " dedicated executor sized for the I/O to *Async, run the blocking pipeline in a pool of its"
                + " own, or wrap the blocking call in ForkJoinPool.managedBlock so the pool can start a spare"
                + " worker while it waits.",
        figures = {
                "The ForkJoinPool and CompletableFuture javadoc: the common pool is shared by all parallel"
                        + " streams and default *Async methods; managedBlock exists so that blocking does not"
                        + " starve it.",
                "fjdoctor's workload blockingstreambench (a parallel stream of 96 simulated 5 ms remote calls,"
                        + " 4 rounds): the managed block made it 2.0x faster at common-pool parallelism 1 and 3.0x"
                        + " at 2, bounded by how many leaf tasks the stream splits into (docs/measurements.md)."},
        source = "The java.util.concurrent javadoc (ForkJoinPool, CompletableFuture, ForkJoinPool.ManagedBlocker)"
                + " and the project's catalog, docs/PATTERNS.md (FJ12).",
        example = """
                List<String> pages = urls.parallelStream()
                        .map(url -> fetch(url))      // fetch() reads an HTTP response
                        .collect(Collectors.toList());
                """,
        fixedExample = """
                // in fetch(): the blocking read inside ForkJoinPool.managedBlock(..), or
                // CompletableFuture.supplyAsync(() -> fetch(url), ioExecutor) per URL
                """)
public final class BlockingInCommonPoolRule implements Rule {

    @Override
    public boolean needsCommonPoolCode() {
        return true;
    }

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        Set<CtInvocation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Reach reach : model.commonPoolReachable()) {
            CommonPoolCode.CommonPoolEntry entry = model.commonPoolEntryOf(reach);
            for (CtInvocation<?> call : CodeScan.elementsIn(reach.executable(), CtInvocation.class)) {
                Apis.Api api = model.libraryEffectOf(call);
                if (api == null || !reportedHere(api.effect(), entry.via(), model.isTaskCode(call))
                        || api.effect() == Apis.Effect.IO && onMemory(call) || managedOnTheWay(model, call, reach)
                        || !seen.add(call)) {
                    continue;
                }
                String where = reach.depth() > 0 ? "reached through " + FindingSink.pathText(reach)
                        : "in " + reach.entry().label();
                sink.report(call, api.label() + " runs in ForkJoinPool.commonPool(), " + where + ". The common pool's"
                        + " few workers serve every parallel stream and *Async call of the JVM, and it starts no"
                        + " replacement while one waits: use a dedicated executor, or wrap the call in"
                        + " ForkJoinPool.managedBlock.",
                        sink.callPath(reach), new CommonPoolBlocking(call, api.effect(), entry.via(), reach));
            }
        }
    }

    /** I/O on a stream over memory ({@code ImageIO.read(new ByteArrayInputStream(bytes))}) never waits. */
    private static boolean onMemory(CtInvocation<?> call) {
        List<CtExpression<?>> operands = new ArrayList<>(call.getArguments());
        if (call.getTarget() != null) {
            operands.add(call.getTarget());
        }
        for (CtExpression<?> operand : operands) {
            for (ValueOrigins.Origin origin : ValueOrigins.of(operand)) {
                if (origin.expression() instanceof CtConstructorCall<?> created && created.getType() != null
                        && Apis.IN_MEMORY_STREAMS.contains(created.getType().getQualifiedName())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether the blocking call, or a call on the way to it, sits in a lambda handed to a helper that runs
     * its argument inside {@code ForkJoinPool.managedBlock} ({@code BlockingTask.callInManagedBlock(() ->
     * download(url))}): the pool compensates for that wait.
     */
    private static boolean managedOnTheWay(ForkJoinModel model, CtInvocation<?> call, Reach reach) {
        if (inManagedLambda(model, call, reach.executable())) {
            return true;
        }
        for (Reach step = reach; step.caller() != null; step = step.caller()) {
            if (inManagedLambda(model, step.callSite(), step.caller().executable())) {
                return true;
            }
        }
        return false;
    }

    private static boolean inManagedLambda(ForkJoinModel model, CtElement at, CtElement within) {
        for (CtElement e = at; e != null && e != within && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLambda<?> lambda && lambda.getParent() instanceof CtInvocation<?> helper
                    && model.callTargets(helper).stream().anyMatch(target -> CodeScan.elementsIn(target, CtInvocation.class)
                    .stream().anyMatch(inner -> Apis.MANAGED_BLOCK.matches(inner, model.types())))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits and sleeps in task code are the intra-task-sync and sleepy-worker rules' findings, and code
     * submitted to commonPool() is task code: there only I/O is this rule's. Elsewhere every blocking call is.
     */
    private static boolean reportedHere(Apis.Effect effect, CommonPoolCode.Via via, boolean taskCode) {
        return effect == Apis.Effect.IO || !taskCode && via != CommonPoolCode.Via.COMMON_POOL_SUBMISSION;
    }
}
