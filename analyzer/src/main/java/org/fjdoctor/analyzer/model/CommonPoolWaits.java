package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.declaration.CtElement;

/**
 * Whether a blocking call reached from a common-pool entry really holds a common-pool worker idle: the one
 * judgement blocking-in-common-pool (which reports the submission site) and sleepy-worker (which reports a
 * pause at its own line) share, so that they count the same waits.
 */
public final class CommonPoolWaits {

    private CommonPoolWaits() {
    }

    /**
     * Whether {@code call}, which blocks ({@code api} is its effect), really holds a common-pool worker idle on
     * the way from {@code entry}, outside task code. A wait that runs only while a field is still unset (a lazy
     * load behind a null check, {@link LazyInitialisation}) happens once per object, not once per call, as a lock
     * there does for intra-task-sync.
     */
    public static boolean holdWorker(ForkJoinModel model, CtInvocation<?> call, Apis.Api api,
                                     CommonPoolCode.CommonPoolEntry entry, Reach reach) {
        return reportedHere(api.effect(), entry.via(), model.isTaskCode(call))
                && !(api.effect() == Apis.Effect.IO && onMemory(model, call))
                && !CompensatedWaits.byTheJdk(model, call)
                && !onErrorPath(call, reach)
                && !(api.effect() == Apis.Effect.SLEEPS && RetryBackoffs.only(call, reach))
                && !model.offWorker(call)
                && !managedOnTheWay(model, call, reach)
                && !(api.effect() == Apis.Effect.BLOCKS && lockedOnlyOnASlowPath(call, reach))
                && !LazyInitialisation.onlyOnce(call, reach);
    }

    /**
     * A lock taken, here or through a call on the way, only after a lock-free check failed that the locked code
     * repeats (double-checked locking with early returns, or a lookup miss looked up again inside a {@code synchronized}
     * block, {@link RecheckedLocks}): taken once per new key, not
     * once per element, so it does not hold a common-pool worker the way a lock on every call does.
     */
    private static boolean lockedOnlyOnASlowPath(CtInvocation<?> call, Reach reach) {
        return hereOrOnTheWay(call, reach, at -> RecheckedLocks.behindEarlyReturn(at) || RecheckedLocks.inLookupMissLock(at));
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
     * submitted to commonPool() is task code: there only I/O is blocking-in-common-pool's. Elsewhere every
     * blocking call is.
     */
    private static boolean reportedHere(Apis.Effect effect, CommonPoolCode.Via via, boolean taskCode) {
        return effect == Apis.Effect.IO || !taskCode && via != CommonPoolCode.Via.COMMON_POOL_SUBMISSION;
    }
}
