package org.fjdoctor.analyzer.rules.blockingincommonpool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.CommonPoolWaits;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.rules.intratasksync.CommonPoolLocks;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;

@AutoService(Rule.class)
@RuleInfo(
        id = "blocking-in-common-pool",
        code = "FJ12",
        title = "Blocking I/O or waiting in the common pool",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "A parallel stream, a CompletableFuture.*Async call without an executor (or a plain"
                + " continuation such as thenAccept chained onto its stage, which the worker that completes it runs),"
                + " or code submitted to"
                + " ForkJoinPool.commonPool() whose functions reach a call that really blocks (file, socket, HTTP or"
                + " JDBC I/O, a lock, latch, queue or unmanaged future wait, a sleep). A pipeline is parallel however"
                + " it is written: parallelStream() on a call's result, s = s.parallel() stored back into a local"
                + " (under an if too) and consumed later, a helper that returns StreamSupport.stream(spliterator,"
                + " true) or a parallel() stream, and its function may be an object kept in a local first."
                + " It is reported once, where the"
                + " work is submitted (where the fix names another executor), with the blocking calls and the call"
                + " path as related locations. Not reported: I/O on streams over memory (a DataInputStream over a"
                + " ByteArrayInputStream too), waits on CompletableFutures"
                + " (the JDK waits in a managed block), calls only on error paths, calls inside a managed block,"
                + " calls reached only through a call whose receiver could not be traced, dispatched by type to one"
                + " of several implementations (which one runs is a guess),"
                + " a parallel stream a Neo4j procedure returns unterminated where nothing in the sources calls it"
                + " (the database pulls it through its iterator, on its own thread),"
                + " work submitted once at start-up (a static initializer, a @PostConstruct method, a listener of"
                + " Spring's start-up events or its runners, a Bukkit or BungeeCord plugin's onEnable/onLoad, a"
                + " Velocity ProxyInitializeEvent or Sponge start-up listener, a Fabric mod initializer, a Forge"
                + " setup-event listener, a servlet's init or a ServletContextListener's contextInitialized, a JavaFX"
                + " Application's init/start, or a method that only such code calls), where it delays the start"
                + " rather than the program's parallel work.",
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
        // a lock that every element of a pipeline takes on one object is intra-task-sync's finding, on its line;
        // whether other lock waits in common-pool code cost parallelism is its judgement too (judgesLock)
        Set<CtInvocation<?>> sharedLocks = CommonPoolLocks.reportedLockCalls(model);
        model.commonPoolReachableByEntry().forEach((entry, reached) -> {
            for (Reach reach : reached) {
                if (model.reachedOnlyByGuess(reach)) {
                    // only through calls dispatched by type to one of several implementations, their receivers
                    // not traced: which one runs is a guess, as for intra-task-sync and sleepy-worker
                    continue;
                }
                for (CtInvocation<?> call : CodeScan.runIn(reach.executable(), CtInvocation.class)) {
                    Apis.Api api = model.libraryEffectOf(call);
                    if (api != null && !sharedLocks.contains(call) && !CommonPoolLocks.judgesLock(model, call, entry)
                            && CommonPoolWaits.holdWorker(model, call, api, entry, reach)) {
                        bySite.computeIfAbsent(entry.site(), site -> {
                            sites.add(site);
                            return new ArrayList<>();
                        }).add(new Blocking(call, api, entry, reach));
                    }
                }
            }
        });
        StartupCallers startup = new StartupCallers(model);
        sites.forEach(site -> report(model, sink, bySite.get(site), startup));
    }

    private static void report(ForkJoinModel model, FindingSink sink, List<Blocking> found, StartupCallers startup) {
        // Reported at the first function of the site that blocks, with the shortest path from it.
        found.sort(Comparator.comparing((Blocking b) -> (CtElement) b.entry().function(), ForkJoinModel.BY_POSITION)
                .thenComparingInt(b -> b.reach().depth())
                .thenComparing(b -> b.call(), ForkJoinModel.BY_POSITION));
        List<Blocking> distinct = new ArrayList<>();
        Set<CtInvocation<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        found.stream().filter(b -> seen.add(b.call())).forEach(distinct::add);
        Blocking first = distinct.get(0);
        CommonPoolCode.CommonPoolEntry entry = first.entry();
        // Submitted once when the program starts (from start-up code, or code only start-up code calls): the wait
        // delays the start, not the program's parallel work. (A library's executor runs its handlers whenever they
        // are called, wherever it was chosen.)
        if (entry.via() != CommonPoolCode.Via.LIBRARY_EXECUTOR && startup.runsOnce(entry.site())) {
            return;
        }
        String where = first.reach().depth() > 0 ? "through " + FindingSink.pathText(first.reach())
                : "in " + first.reach().entry().label();
        String more = distinct.size() == 1 ? "" : " and " + (distinct.size() - 1) + " more blocking call"
                + (distinct.size() == 2 ? "" : "s");
        List<RelatedLocation> related = new ArrayList<>(sink.related(entry.site(), entry.via() == CommonPoolCode.Via.CONTINUATION
                ? "chained here onto a future the common pool completes: its worker runs the continuation"
                : "submitted to the common pool here, by "
                + (entry.forwarded() == null ? "" : entry.site().getExecutable().getSimpleName() + "(..), which hands it to ")
                + entry.via().text()));
        if (entry.forwarded() != null) {
            CtInvocation<?> parallel = model.madeParallel(entry);
            if (parallel != null) {
                // the forwarder's pipeline is where the function enters the common pool: named where it turns parallel
                related.addAll(sink.relatedAtName(parallel, "submitted to the common pool here: the pipeline "
                        + entry.site().getExecutable().getSimpleName() + "(..) runs it in is parallel"));
            }
            String handed = "handed on to the common pool here, by " + entry.via().text();
            related.addAll(parallel != null ? sink.relatedAtName(entry.forwarded(), handed) : sink.related(entry.forwarded(), handed));
        }
        for (Blocking blocking : distinct) {
            related.addAll(sink.related(blocking.call(), "blocks: " + blocking.api().label() + " in "
                    + ForkJoinModel.label(blocking.reach().executable())));
        }
        related.addAll(sink.callPath(first.reach()));
        boolean sometimes = model.parallelOnSomePathsOnly(entry);
        // A task forked outside any pool is reported in its own code, at the call that leads to the blocking one:
        // the fork is in other code, often another class.
        CtElement at = entry.via() == CommonPoolCode.Via.FORK_OUTSIDE_POOL ? callInEntry(first) : entry.function();
        String when = entry.chosenPool() == null ? "" : " when " + entry.chosenPool() + " is the common pool";
        sink.report(at, Severity.WARNING, "This " + siteText(entry, sometimes)
                        + " runs in ForkJoinPool.commonPool()" + when + " and blocks there: " + first.api().label() + " " + where
                        + more + ". The common"
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
            String step = entry.forwarded().getExecutable().getSimpleName() + "(..)";
            String handed = "code handed to " + entry.site().getExecutable().getSimpleName() + "(..), which ";
            return handed + switch (entry.via()) {
                case PARALLEL_STREAM -> "runs it in a " + (sometimes ? "stream's " + step + " (the stream is parallel"
                        + " on some paths only)," : "parallel stream's " + step + ",");
                case ASYNC_WITHOUT_EXECUTOR -> "submits it by " + step + " without an executor,";
                default -> "submits it by " + step + " to commonPool(),";
            };
        }
        return switch (entry.via()) {
            case PARALLEL_STREAM -> sometimes ? "stream, which may run in parallel (it is parallel on some paths only),"
                    : "parallel stream";
            case ASYNC_WITHOUT_EXECUTOR -> entry.site().getExecutable().getSimpleName() + "(..) without an executor";
            case CONTINUATION -> entry.site().getExecutable().getSimpleName() + "(..) continuation of a future the common"
                    + " pool completes";
            case COMMON_POOL_SUBMISSION -> "code submitted to " + (entry.chosenPool() == null ? "commonPool()"
                    : entry.chosenPool().toString()) + " by " + entry.site().getExecutable().getSimpleName() + "(..)";
            case LIBRARY_EXECUTOR -> "handler, run by the executor " + entry.site().getExecutable().getSimpleName()
                    + "(..) gives its library,";
            case FORK_OUTSIDE_POOL -> "task, which " + entry.site().getExecutable().getSimpleName()
                    + (entry.site().getArguments().size() == 1 && entry.site().getArguments().get(0) == entry.function()
                    && entry.site().getTarget() != null && !Apis.INVOKE_ALL.matchesExactly(entry.site())
                    ? "(..) hands to the common pool," : "(..) starts outside any pool's workers,");
        };
    }

    /** A blocking call found below a submission site, and how the site reaches it. */
    private record Blocking(CtInvocation<?> call, Apis.Api api, CommonPoolCode.CommonPoolEntry entry, Reach reach) {
    }
}
