package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.CompensatedWaits;
import org.fjdoctor.analyzer.model.ErrorPaths;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.RecheckedLocks;
import org.fjdoctor.analyzer.model.ValueOrigins;
import org.fjdoctor.analyzer.rules.intratasksync.CommonPoolLocks;
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
        description = "A parallel stream, a CompletableFuture.*Async call without an executor, or code submitted to"
                + " ForkJoinPool.commonPool() whose functions reach a call that really blocks (file, socket, HTTP or"
                + " JDBC I/O, a lock, latch, queue or unmanaged future wait, a sleep). A pipeline is parallel however"
                + " it is written: parallelStream() on a call's result, s = s.parallel() stored back into a local"
                + " (under an if too) and consumed later, a helper that returns StreamSupport.stream(spliterator,"
                + " true) or a parallel() stream, and its function may be an object kept in a local first."
                + " It is reported once, where the"
                + " work is submitted (where the fix names another executor), with the blocking calls and the call"
                + " path as related locations. Not reported: I/O on streams over memory (a DataInputStream over a"
                + " ByteArrayInputStream too), waits on CompletableFutures"
                + " (the JDK waits in a managed block), calls only on error paths, calls inside a managed block."
                + " A note: work submitted once at start-up (a static initializer, a @PostConstruct method, a"
                + " listener of Spring's start-up events).",
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
                        .map(url -> fetch(url))      // reported here: fetch() reads an HTTP response
                        .collect(Collectors.toList());
                """,
        fixedExample = """
                // CompletableFuture.supplyAsync(() -> fetch(url), ioExecutor) per URL, then join them all; or
                // the blocking read in fetch() inside ForkJoinPool.managedBlock(..)
                """)
public final class BlockingInCommonPoolRule implements Rule {

    @Override
    public boolean needsCommonPoolCode() {
        return true;
    }

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        // One finding per submission site: that is where the fix goes (an executor of its own for the *Async
        // call or the pipeline), however many blocking calls its functions reach.
        Map<CtInvocation<?>, List<Blocking>> bySite = new IdentityHashMap<>();
        List<CtInvocation<?>> sites = new ArrayList<>();
        // a lock that every element of a pipeline takes on one object is intra-task-sync's finding, on its line
        Set<CtInvocation<?>> sharedLocks = CommonPoolLocks.reportedLockCalls(model);
        model.commonPoolReachableByEntry().forEach((entry, reached) -> {
            for (Reach reach : reached) {
                for (CtInvocation<?> call : CodeScan.runIn(reach.executable(), CtInvocation.class)) {
                    Apis.Api api = model.libraryEffectOf(call);
                    if (api != null && !sharedLocks.contains(call)
                            && holdsCommonPoolWorker(model, call, api, entry, reach)) {
                        bySite.computeIfAbsent(entry.site(), site -> {
                            sites.add(site);
                            return new ArrayList<>();
                        }).add(new Blocking(call, api, entry, reach));
                    }
                }
            }
        });
        sites.forEach(site -> report(model, sink, bySite.get(site)));
    }

    private static void report(ForkJoinModel model, FindingSink sink, List<Blocking> found) {
        // Reported at the first function of the site that blocks, with the shortest path from it.
        found.sort(Comparator.comparing((Blocking b) -> (CtElement) b.entry().function(), ForkJoinModel.BY_POSITION)
                .thenComparingInt(b -> b.reach().depth())
                .thenComparing(b -> b.call(), ForkJoinModel.BY_POSITION));
        List<Blocking> distinct = new ArrayList<>();
        Set<CtInvocation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        found.stream().filter(b -> seen.add(b.call())).forEach(distinct::add);
        Blocking first = distinct.get(0);
        CommonPoolCode.CommonPoolEntry entry = first.entry();
        String where = first.reach().depth() > 0 ? "through " + FindingSink.pathText(first.reach())
                : "in " + first.reach().entry().label();
        String more = distinct.size() == 1 ? "" : " and " + (distinct.size() - 1) + " more blocking call"
                + (distinct.size() == 2 ? "" : "s");
        List<RelatedLocation> related = new ArrayList<>(sink.related(entry.site(), "submitted to the common pool here, by "
                + (entry.forwarded() == null ? "" : entry.site().getExecutable().getSimpleName() + "(..), which hands it to ")
                + entry.via().text()));
        if (entry.forwarded() != null) {
            related.addAll(sink.related(entry.forwarded(), "handed on to the common pool here, by " + entry.via().text()));
        }
        for (Blocking blocking : distinct) {
            related.addAll(sink.related(blocking.call(), "blocks: " + blocking.api().label() + " in "
                    + ForkJoinModel.label(blocking.reach().executable())));
        }
        related.addAll(sink.callPath(first.reach()));
        // Submitted once when the program starts: the wait delays the start, not the program's parallel work.
        // (A library's executor runs its handlers whenever they are called, wherever it was chosen.)
        String startup = entry.via() == CommonPoolCode.Via.LIBRARY_EXECUTOR ? null : StartupCode.of(entry.site());
        boolean sometimes = model.parallelOnSomePathsOnly(entry);
        // A task forked outside any pool is reported in its own code, at the call that leads to the blocking one:
        // the fork is in other code, often another class.
        CtElement at = entry.via() == CommonPoolCode.Via.FORK_OUTSIDE_POOL ? callInEntry(first) : entry.function();
        sink.report(at, startup == null ? Severity.WARNING : Severity.NOTE, "This " + siteText(entry, sometimes)
                        + " runs in ForkJoinPool.commonPool() and blocks there: " + first.api().label() + " " + where
                        + more + (startup == null ? "" : "; it is submitted from " + startup + ", once at start-up,"
                        + " where it delays the start rather than the program's parallel work") + ". The common"
                        + " pool's few workers serve every parallel stream and *Async call of the JVM, and it starts no"
                        + " replacement while one waits: give this work an executor of its own, or wrap the call in"
                        + " ForkJoinPool.managedBlock.",
                related, new CommonPoolBlocking(first.call(), first.api().effect(), entry.via(), first.reach()));
    }

    /** The call in the entry's own body on the way to {@code blocking}'s call, or that call where it is there. */
    private static CtElement callInEntry(Blocking blocking) {
        Reach step = blocking.reach();
        if (step.caller() == null) {
            return blocking.call();
        }
        while (step.caller().caller() != null) {
            step = step.caller();
        }
        return step.callSite() != null ? step.callSite() : blocking.call();
    }

    /** How the report names the code: {@code sometimes} for a pipeline that is parallel on some paths only. */
    private static String siteText(CommonPoolCode.CommonPoolEntry entry, boolean sometimes) {
        if (entry.forwarded() != null) {
            // the function is handed to a method of the project's own that submits it: name both calls
            return "code handed to " + entry.site().getExecutable().getSimpleName() + "(..), which submits it by "
                    + entry.forwarded().getExecutable().getSimpleName() + "(..) "
                    + (entry.via() == CommonPoolCode.Via.ASYNC_WITHOUT_EXECUTOR ? "without an executor," : "to commonPool(),");
        }
        return switch (entry.via()) {
            case PARALLEL_STREAM -> sometimes ? "stream, which may run in parallel (it is parallel on some paths only),"
                    : "parallel stream";
            case ASYNC_WITHOUT_EXECUTOR -> entry.site().getExecutable().getSimpleName() + "(..) without an executor";
            case COMMON_POOL_SUBMISSION -> "code submitted to commonPool() by " + entry.site().getExecutable().getSimpleName() + "(..)";
            case LIBRARY_EXECUTOR -> "handler, run by the executor " + entry.site().getExecutable().getSimpleName()
                    + "(..) gives its library,";
            case FORK_OUTSIDE_POOL -> "task, which " + entry.site().getExecutable().getSimpleName()
                    + (entry.site().getArguments().size() == 1 && entry.site().getArguments().get(0) == entry.function()
                    && entry.site().getTarget() != null && !Apis.INVOKE_ALL.matchesExactly(entry.site())
                    ? "(..) hands to the common pool," : "(..) starts outside any pool's workers,");
        };
    }

    /**
     * Whether {@code call}, which blocks ({@code api} is its effect), really holds a common-pool worker idle on
     * the way from {@code entry}, outside task code: the test this rule applies, shared with sleepy-worker,
     * which reports such a pause at its own line.
     */
    public static boolean holdsCommonPoolWorker(ForkJoinModel model, CtInvocation<?> call, Apis.Api api,
                                                CommonPoolCode.CommonPoolEntry entry, Reach reach) {
        return reportedHere(api.effect(), entry.via(), model.isTaskCode(call))
                && !(api.effect() == Apis.Effect.IO && onMemory(model, call))
                && !CompensatedWaits.byTheJdk(model, call)
                && !onErrorPath(call, reach)
                && !model.offWorker(call)
                && !managedOnTheWay(model, call, reach)
                && !(api.effect() == Apis.Effect.BLOCKS && lockedOnlyOnASlowPath(call, reach));
    }

    /**
     * A lock taken, here or through a call on the way, only after a lock-free check failed that the locked code
     * repeats (double-checked locking with early returns, {@link RecheckedLocks}): taken once per new key, not
     * once per element, so it does not hold a common-pool worker the way a lock on every call does.
     */
    private static boolean lockedOnlyOnASlowPath(CtInvocation<?> call, Reach reach) {
        return hereOrOnTheWay(call, reach, RecheckedLocks::behindEarlyReturn);
    }

    /** A call that only runs in a {@code catch} clause or a shutdown, here or on the way: a failure report, a retry's back-off. */
    private static boolean onErrorPath(CtInvocation<?> call, Reach reach) {
        return hereOrOnTheWay(call, reach, ErrorPaths::only);
    }

    /** Whether {@code test} holds for {@code call} or for a call site on the way to it from the common-pool entry. */
    private static boolean hereOrOnTheWay(CtInvocation<?> call, Reach reach, Predicate<CtElement> test) {
        if (test.test(call)) {
            return true;
        }
        for (Reach step = reach; step.caller() != null; step = step.caller()) {
            if (step.callSite() != null && test.test(step.callSite())) {
                return true;
            }
        }
        return false;
    }

    /** A blocking call found below a submission site, and how the site reaches it. */
    private record Blocking(CtInvocation<?> call, Apis.Api api, CommonPoolCode.CommonPoolEntry entry, Reach reach) {
    }

    /**
     * I/O on a stream over memory ({@code ImageIO.read(new ByteArrayInputStream(bytes))}, or a
     * {@code new DataInputStream(new ByteArrayInputStream(bytes))} that decodes a message) never waits.
     */
    private static boolean onMemory(ForkJoinModel model, CtInvocation<?> call) {
        List<CtExpression<?>> operands = new ArrayList<>(call.getArguments());
        if (call.getTarget() != null) {
            operands.add(call.getTarget());
        }
        return operands.stream().anyMatch(operand -> overMemory(model, operand, MAX_WRAPPERS));
    }

    /** How many stream wrappers ({@code Buffered*}, {@code Data*}, {@code Object*}) are looked through. */
    private static final int MAX_WRAPPERS = 3;

    private static boolean overMemory(ForkJoinModel model, CtExpression<?> operand, int wrappers) {
        for (ValueOrigins.Origin origin : ValueOrigins.of(operand)) {
            if (!(origin.expression() instanceof CtConstructorCall<?> created) || created.getType() == null) {
                continue;
            }
            if (Apis.IN_MEMORY_STREAMS.contains(created.getType().getQualifiedName())) {
                return true;
            }
            if (wrappers > 0 && isStream(model, created) && !created.getArguments().isEmpty()
                    && overMemory(model, created.getArguments().get(0), wrappers - 1)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isStream(ForkJoinModel model, CtConstructorCall<?> created) {
        return STREAM_TYPES.stream().anyMatch(type -> model.types().isSubtypeOf(created.getType(), type));
    }

    private static final List<String> STREAM_TYPES = List.of("java.io.InputStream", "java.io.Reader",
            "java.io.OutputStream", "java.io.Writer");

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
