package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.Studies;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.CompensatedWaits;
import org.fjdoctor.analyzer.model.ErrorPaths;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.LazyInitialisation;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.LockSharing;
import org.fjdoctor.analyzer.model.OtherPools;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.WideDispatch;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;

@AutoService(Rule.class)
@RuleInfo(
        id = "intra-task-sync",
        code = "FJ5",
        title = "Task code blocks on a lock or another thread",
        category = Category.SYNCHRONIZATION_MANAGEMENT,
        severity = Severity.WARNING,
        description = "A synchronized block or method, Lock.lock(), a latch, barrier, semaphore, wait(),"
                + " BlockingQueue.take/put, Future.get(), Thread.join(), invokeAndWait or another blocking call of"
                + " the API table is reached from task code.",
        rationale = "A blocked worker cannot run the other tasks on its deque, which carry stack-like"
                + " dependencies, and the pool has only about one worker per core, so one blocked worker idles a"
                + " core and can stall the computation. Such locks are often redundant (they guard a call that is"
                + " already synchronized) or protect an accumulator that per-task partial results, merged at join,"
                + " would make unnecessary. Removing a redundant lock in the published study: 38% faster, 42% less"
                + " energy, identical output. Remove redundant locks, use LongAdder/atomics or partial results, or"
                + " wrap unavoidable blocking in ForkJoinPool.managedBlock.",
        figures = {
                "7 occurrences in the studied projects.",
                "Removing a redundant lock around an already synchronized call: 38% faster, 42% less energy,"
                        + " identical output."},
        source = Studies.FORK_JOIN_BOTTLENECKS_2017,
        example = """
                // sink.put is a synchronized method; canvasLock guards nothing else
                synchronized (canvasLock) {
                    sink.put(x, y, color);
                }
                """,
        fixedExample = """
                sink.put(x, y, color);
                """)
public final class IntraTaskSyncRule implements Rule {

    /**
     * The functions of a parallel stream, and of {@code *Async} calls issued once per element, run on
     * common-pool workers as many copies at once: a lock that every copy takes on one object serializes them
     * as it would a pool's tasks ({@link CommonPoolLocks}).
     */
    @Override
    public boolean needsCommonPoolCode() {
        return true;
    }

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        detectInTaskCode(model, sink);
        for (CommonPoolLocks.Found found : new CommonPoolLocks(model).find()) {
            reportInCommonPool(sink, found);
        }
    }

    private static void detectInTaskCode(ForkJoinModel model, FindingSink sink) {
        LockSharing locks = model.lockSharing();
        List<SerialisedLocks.Taken> taken = new ArrayList<>();
        for (Reach reach : model.reachable()) {
            if (reach.executable() instanceof CtMethod<?> method && isSynchronized(method)
                    && !calledHoldingItsMonitor(reach, method) && !LockShapes.synchronizedBehindLockFreeCheck(method)
                    && !NewBestLocks.synchronizedOnNewBest(method)
                    && !HeldByCallers.always(model, method, HeldByCallers.LockName.monitorOf(method))) {
                LockSharing.Sharing sharing = locks.ofSynchronizedMethod(method);
                if (sharing.shared()) {
                    taken.add(new SerialisedLocks.Taken(new Blocking(method, Blocking.Shape.SYNCHRONIZED_METHOD, reach),
                            "synchronized method " + ForkJoinModel.label(method) + " locks " + sharing.description(), null));
                }
            }
        }
        for (CtSynchronized block : model.taskCodeElements(CtSynchronized.class)) {
            if (block.getExpression() == null || LockShapes.behindLockFreeCheck(block)
                    || LockShapes.heldAlready(block, block.getExpression()) || heldByCallers(model, block, block.getExpression())) {
                continue;
            }
            LockSharing.Sharing sharing = locks.of(block.getExpression());
            if (sharing.shared()) {
                taken.add(new SerialisedLocks.Taken(new Blocking(block, Blocking.Shape.SYNCHRONIZED_BLOCK, model.reachOf(block)),
                        "synchronized block on " + sharing.description(), block.getExpression()));
            }
        }
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            Apis.Api api = model.libraryEffectOf(call);
            String locked = api == null ? LockShapes.lockedReceiver(model, call) : null;
            if (locked != null && LockShapes.heldAlready(call, call.getTarget())) {
                continue;
            }
            if (locked != null) {
                CtExpression<?> receiver = LockShapes.sourceReceiver(call);
                LockSharing.Sharing sharing = locks.of(receiver);
                if (sharing.shared()) {
                    taken.add(new SerialisedLocks.Taken(new Blocking(call, Blocking.Shape.SYNCHRONIZED_WRAPPER, model.reachOf(call)),
                            call.getExecutable().getSimpleName() + "(..) on " + locked + ", which locks "
                                    + sharing.description(), receiver));
                }
                continue;
            }
            String copyOnWrite = api == null ? CopyOnWriteCollections.lockedBy(model, call) : null;
            if (copyOnWrite != null) {
                LockSharing.Sharing sharing = LockShapes.heldAlready(call, call.getTarget()) ? null : locks.of(call.getTarget());
                if (sharing != null && sharing.shared()) {
                    taken.add(new SerialisedLocks.Taken(new Blocking(call, Blocking.Shape.COPY_ON_WRITE, model.reachOf(call)),
                            call.getExecutable().getSimpleName() + "(..) on a " + copyOnWrite + ", which copies its"
                                    + " array under the collection's one lock, locks " + sharing.description(), call.getTarget()));
                }
                continue;
            }
            if (api == null && OtherPools.waitsOnAnotherPool(model, call)) {
                taken.add(new SerialisedLocks.Taken(new Blocking(call, Blocking.Shape.BLOCKING_CALL, model.reachOf(call)), "ForkJoinPool."
                        + call.getExecutable().getSimpleName() + "(..) waits for another fork/join pool's workers", null));
                continue;
            }
            if (api == null || api.effect() != Apis.Effect.BLOCKS || CompensatedWaits.byTheJdk(model, call)) {
                continue;
            }
            String what = api.label();
            CtExpression<?> lock = null;
            if (model.api().matches(Apis.LOCK, call)) {
                lock = call.getTarget();
                if (call.getTarget() == null || LockShapes.readLockWithoutWriter(model, call)
                        || LockShapes.behindLockFreeCheck(call) || heldByCallers(model, call, call.getTarget())) {
                    continue;
                }
                LockSharing.Sharing sharing = locks.of(call.getTarget());
                if (!sharing.shared()) {
                    continue;
                }
                what += " on " + sharing.description();
            } else if (model.api().matches(Apis.SEMAPHORE_ACQUIRE, call) && LockShapes.permitForEveryWorker(call)) {
                continue;
            }
            taken.add(new SerialisedLocks.Taken(new Blocking(call, Blocking.Shape.BLOCKING_CALL, model.reachOf(call)), what, lock));
        }
        Set<SerialisedLocks.Taken> inner = SerialisedLocks.inner(taken);
        for (SerialisedLocks.Taken t : taken) {
            if (!inner.contains(t)) {
                report(model, sink, t.match(), t.what());
            }
        }
    }

    /** A lock that every task-code call into the method taking it already holds ({@link HeldByCallers}). */
    private static boolean heldByCallers(ForkJoinModel model, CtElement at, CtExpression<?> lock) {
        Reach reach = model.reachOf(at);
        return reach != null && HeldByCallers.always(model, reach.executable(), HeldByCallers.LockName.of(lock));
    }

    /**
     * {@code synchronized}, or Lombok's {@code @Synchronized}, which locks a private field of the object (of the
     * class, for a static method) around the body: the same sharing as the object's own monitor.
     */
    static boolean isSynchronized(CtMethod<?> method) {
        return method.hasModifier(ModifierKind.SYNCHRONIZED) || method.getAnnotations().stream()
                .anyMatch(a -> a.getAnnotationType() != null && LOMBOK_SYNCHRONIZED.equals(a.getAnnotationType().getQualifiedName()));
    }

    private static final String LOMBOK_SYNCHRONIZED = "lombok.Synchronized";

    /**
     * Called on {@code this} from a synchronized method of its own class (or a subclass): the caller
     * already holds the monitor, so entering it again cannot block.
     */
    static boolean calledHoldingItsMonitor(Reach reach, CtMethod<?> method) {
        if (reach.caller() == null || !(reach.caller().executable() instanceof CtMethod<?> caller)
                || !isSynchronized(caller)
                || caller.hasModifier(ModifierKind.STATIC) != method.hasModifier(ModifierKind.STATIC)) {
            return false;
        }
        boolean onThis;
        if (reach.callSite() instanceof CtInvocation<?> call) {
            onThis = call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>
                    || call.getTarget() instanceof CtTypeAccess<?>;
        } else if (reach.callSite() instanceof CtExecutableReferenceExpression<?, ?> reference) {
            // this::m, or Type::m of a static m; Type::m of an instance m runs on each element instead.
            onThis = reference.getTarget() instanceof CtThisAccess<?>
                    || reference.getTarget() instanceof CtTypeAccess<?> && method.hasModifier(ModifierKind.STATIC);
        } else {
            return false;
        }
        CtType<?> callerType = caller.getDeclaringType();
        CtType<?> calleeType = method.getDeclaringType();
        return onThis && callerType != null && calleeType != null
                && (callerType == calleeType || HalfResolved.isSubtypeOf(callerType.getReference(), calleeType.getReference()));
    }

    private static void reportInCommonPool(FindingSink sink, CommonPoolLocks.Found found) {
        Reach reach = found.match().path();
        boolean stream = found.entry().via() == CommonPoolCode.Via.PARALLEL_STREAM;
        String copies = stream ? "every element of a parallel stream"
                : found.entry().via() == CommonPoolCode.Via.CONTINUATION ? "every common-pool future's continuation chained in the loop"
                : "every *Async call issued in the loop";
        String where = (reach.depth() > 0 ? ", reached through " + sink.narrowedPathText(reach) : "")
                + ", in common-pool code: " + copies + " runs " + (reach.depth() > 0 ? "the function that takes it" : "it")
                + " at the same time on ForkJoinPool.commonPool() workers, on one object for all of them";
        if (ErrorPaths.failureOnly(found.match().at(), reach) || ErrorPaths.only(found.match().at(), reach)) {
            return; // it waits only when a stage failed or on an error or shutdown path: see ErrorPaths
        }
        sink.report(found.match().at(), Severity.WARNING, found.what() + where + ": a blocked worker of the common pool holds its core idle"
                + " while the others queue for the lock. Use per-element results merged by the stream (collect, reduce),"
                + " a concurrent collection or atomics, or take the lock once outside the pipeline.",
                sink.callPath(reach), found.match());
    }

    private static void report(ForkJoinModel model, FindingSink sink, Blocking match, String what) {
        Reach reach = match.path();
        if (WideDispatch.on(model, reach) != null || LazyInitialisation.onlyOnce(match.at(), reach)
                || model.reachedOnlyFromLoneTasks(reach) || model.reachedOnlyByGuess(reach)) {
            // a lock taken while a field is still unset runs once per object, not once per task; a task alone in
            // its pool has no sibling that could wait behind it; a path through calls dispatched by type to one of
            // several implementations is a guess
            return;
        }
        if (ErrorPaths.failureOnly(match.at(), reach) || ErrorPaths.only(match.at(), reach)) {
            return; // it waits only when a stage failed or on an error or shutdown path: see ErrorPaths
        }
        String path = reach.depth() > 0 ? ", reached from task code through " + sink.narrowedPathText(reach) : ", in task code";
        sink.report(match.at(), Severity.WARNING, what + path + ": a blocked worker cannot run the tasks queued on its deque. Remove"
                + " the lock if it is redundant, use per-task results or atomics, or wrap the wait in"
                + " ForkJoinPool.managedBlock.", sink.callPath(reach), match);
    }
}
