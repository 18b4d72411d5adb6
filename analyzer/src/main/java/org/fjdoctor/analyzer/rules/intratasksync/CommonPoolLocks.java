package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.LazyInitialisation;
import org.fjdoctor.analyzer.model.LockSharing;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.RecheckedLocks;
import org.fjdoctor.analyzer.model.WideDispatch;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtFieldReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Locks in common-pool code that runs as many concurrent copies: the functions of a parallel stream (every
 * element at once), and an {@code *Async} call without an executor issued once per iteration of a loop or per
 * element of a stream. Unlike task code, where {@link org.fjdoctor.analyzer.model.LockSharing} counts a lock as
 * shared unless it is shown to be private, here a lock counts only when its object is shown to be one object
 * for every copy: a static field or the class, the captured {@code this} of the function and its fields, an
 * object captured from outside the pipeline (a local, a parameter, the receiver a method reference is bound to),
 * followed through calls on the path from the function. The element, an object looked up from or made for the
 * element, and anything further away are not judged (silent): per-element monitors and DAOs each copy makes for
 * itself were the false alarms of a broader attempt. A lock that is taken only once per object (lazy
 * initialisation), behind a lock-free check that the locked code repeats, or once per {@code n} elements (under a
 * remainder test) is not a lock that every element takes.
 */
public final class CommonPoolLocks {

    /** Calls a value is followed back through, at most; past them, not judged. */
    private static final int MAX_HOPS = 4;

    private final ForkJoinModel model;

    public CommonPoolLocks(ForkJoinModel model) {
        this.model = model;
    }

    /** A lock found: what to report, the object's description, and the pipeline whose copies take it. */
    record Found(Blocking match, String what, CommonPoolCode.CommonPoolEntry entry) {
    }

    /**
     * Every lock that the copies of a many-copies function take on one object for every copy, each element once
     * (under the first function, in source order, that shows it shared), outside task code, which
     * {@link IntraTaskSyncRule} judges as such.
     */
    List<Found> find() {
        List<Found> found = new ArrayList<>();
        Set<CtElement> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        model.commonPoolReachableByEntry().forEach((entry, reached) -> {
            if (!manyCopies(entry)) {
                return;
            }
            for (Reach reach : reached) {
                if (model.isTaskCode(reach.executable())) {
                    continue;
                }
                if (reach.executable() instanceof CtMethod<?> method && IntraTaskSyncRule.isSynchronized(method)
                        && !IntraTaskSyncRule.calledHoldingItsMonitor(reach, method)
                        && !LockShapes.synchronizedBehindLockFreeCheck(method) && !seen.contains(method)
                        && takenEveryTime(method, reach)) {
                    String what = everyElementMonitor(method, entry, reach);
                    if (what != null && seen.add(method)) {
                        found.add(new Found(new Blocking(method, Blocking.Shape.SYNCHRONIZED_METHOD, reach),
                                "synchronized method " + ForkJoinModel.label(method) + " locks " + what, entry));
                    }
                }
                for (CtSynchronized block : CodeScan.runIn(reach.executable(), CtSynchronized.class)) {
                    if (seen.contains(block) || block.getExpression() == null || model.isTaskCode(block)
                            || model.offWorker(block) || LockShapes.behindLockFreeCheck(block)
                            || LockShapes.heldAlready(block, block.getExpression()) || !takenEveryTime(block, reach)) {
                        continue;
                    }
                    String what = everyElement(block.getExpression(), entry, reach);
                    if (what != null && seen.add(block)) {
                        found.add(new Found(new Blocking(block, Blocking.Shape.SYNCHRONIZED_BLOCK, reach),
                                "synchronized block on " + what, entry));
                    }
                }
                for (CtInvocation<?> call : CodeScan.runIn(reach.executable(), CtInvocation.class)) {
                    if (seen.contains(call) || call.getTarget() == null || model.isTaskCode(call) || model.offWorker(call)
                            || LockShapes.heldAlready(call, call.getTarget()) || !takenEveryTime(call, reach)) {
                        continue;
                    }
                    Apis.Api api = model.libraryEffectOf(call);
                    String locked = api == null ? LockShapes.lockedReceiver(model, call) : null;
                    // a lock whose class overrides lock() (with managedBlock) is judged by that body, walked as code
                    boolean lock = locked == null && model.api().matches(Apis.LOCK, call)
                            && !model.runsAllocatedOverride(call)
                            && !LockShapes.readLockWithoutWriter(model, call) && !LockShapes.behindLockFreeCheck(call);
                    String what = locked != null ? receiverValue(call, entry, reach)
                            : lock ? everyElement(call.getTarget(), entry, reach) : null;
                    if (what == null || !seen.add(call)) {
                        continue;
                    }
                    found.add(locked != null
                            ? new Found(new Blocking(call, Blocking.Shape.SYNCHRONIZED_WRAPPER, reach),
                                    call.getExecutable().getSimpleName() + "(..) on " + locked + ", which locks " + what, entry)
                            : new Found(new Blocking(call, Blocking.Shape.BLOCKING_CALL, reach),
                                    (api != null ? api.label() : call.getExecutable().getSimpleName() + "()") + " on " + what, entry));
                }
            }
        });
        return found;
    }

    /**
     * Whether this rule, not blocking-in-common-pool, judges the {@code Lock.lock()} {@code call} reached from
     * {@code entry}: in the copies of a many-copies function, where a lock costs parallelism only when it is one
     * object for every copy ({@link #find()} reports those), and anywhere for a read lock whose write lock no task
     * code takes or a lock behind a lock-free check that the locked code repeats. Such a lock waits only for a
     * writer or initialiser on another thread, which delays that one call; counting it as a blocked worker
     * reported every read-locked lookup and every element's own lock in a broadcast.
     */
    public static boolean judgesLock(ForkJoinModel model, CtInvocation<?> call, CommonPoolCode.CommonPoolEntry entry) {
        return model.api().matches(Apis.LOCK, call) && (manyCopies(entry)
                || LockShapes.readLockWithoutWriter(model, call) || LockShapes.behindLockFreeCheck(call));
    }

    /** The {@code Lock.lock()}-like calls {@link #find()} reports: blocking-in-common-pool leaves them to this rule. */
    public static Set<CtInvocation<?>> reportedLockCalls(ForkJoinModel model) {
        Set<CtInvocation<?>> calls = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Found found : new CommonPoolLocks(model).find()) {
            if (found.match().shape() == Blocking.Shape.BLOCKING_CALL && found.match().at() instanceof CtInvocation<?> call) {
                calls.add(call);
            }
        }
        return calls;
    }

    /**
     * Whether the functions of {@code entry} run as many concurrent copies: a parallel stream's, or an
     * {@code *Async} call's without an executor, or a continuation's chained onto a common-pool stage, when the
     * call sits in a loop or in a lambda of a stream or {@code forEach} (issued once per element); not a single
     * {@code *Async} call.
     */
    public static boolean manyCopies(CommonPoolCode.CommonPoolEntry entry) {
        return entry.via() == CommonPoolCode.Via.PARALLEL_STREAM
                || (entry.via() == CommonPoolCode.Via.ASYNC_WITHOUT_EXECUTOR || entry.via() == CommonPoolCode.Via.CONTINUATION)
                && entry.forwarded() == null && repeater(entry.runner()) != null;
    }

    /** The loop or the per-element lambda around {@code call} in its method that issues it many times, or {@code null}. */
    private static CtElement repeater(CtInvocation<?> call) {
        for (CtElement e = call.getParent(); e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLoop) {
                return e;
            }
            if (e instanceof CtLambda<?> lambda) {
                return lambda.getParent() instanceof CtInvocation<?> stage && stage.getExecutable() != null
                        && PER_ELEMENT.contains(stage.getExecutable().getSimpleName()) ? lambda : null;
            }
            if (e instanceof CtExecutable<?>) {
                return null;
            }
        }
        return null;
    }

    /** Stream and collection operations that run their function once per element. */
    private static final List<String> PER_ELEMENT = List.of("forEach", "forEachOrdered", "map", "mapToObj", "flatMap",
            "peek", "filter");

    /**
     * What the object {@code lock} (a synchronized block's expression, a lock's or a wrapper's receiver, in
     * {@code reach}'s code) is, when it is one object for every copy of {@code entry}'s function; else {@code null}.
     */
    public String everyElement(CtExpression<?> lock, CommonPoolCode.CommonPoolEntry entry, Reach reach) {
        return valueOf(lock, entry, reach, 0);
    }

    /**
     * {@link #everyElement} of the receiver of a call that locks it; for the call a bound method reference stands
     * for, of the reference's target in the code that holds the reference (the caller of the reference's step,
     * unless the reference is the pipeline's function itself).
     */
    private String receiverValue(CtInvocation<?> call, CommonPoolCode.CommonPoolEntry entry, Reach reach) {
        CtExecutableReferenceExpression<?, ?> reference = LockShapes.referenceOf(call);
        return reference == null || reference.getTarget() == null || reach.caller() == null
                ? everyElement(call.getTarget(), entry, reach)
                : everyElement(reference.getTarget(), entry, reach.caller());
    }

    /** As {@link #everyElement}, for the monitor of the synchronized method that {@code reach} reaches. */
    public String everyElementMonitor(CtMethod<?> method, CommonPoolCode.CommonPoolEntry entry, Reach reach) {
        if (method.hasModifier(ModifierKind.STATIC)) {
            return "the class monitor of " + method.getDeclaringType().getSimpleName();
        }
        String self = thisOf(entry, reach, 0);
        return self == null ? null : "the monitor of " + self;
    }

    /**
     * Whether the lock at {@code at} is taken each time a copy runs: not only on lazy initialisation, behind a
     * re-checked lock-free test, once per {@code n} elements, or through a call that may dispatch to one of
     * many implementations; here or at a call on the way from the function.
     */
    public boolean takenEveryTime(CtElement at, Reach reach) {
        if (LazyInitialisation.onlyOnce(at, reach) || WideDispatch.on(model, reach) != null
                || model.guessedOnPath(reach) || rarely(at)) {
            return false;
        }
        for (Reach step : reach.steps()) {
            if (step.callSite() != null && rarely(step.callSite())) {
                return false;
            }
        }
        return true;
    }

    private static boolean rarely(CtElement at) {
        return everyNth(at) || RecheckedLocks.behindEarlyReturn(at) || afterStateCheck(at);
    }

    /**
     * After an {@code if (C) return;} earlier in an enclosing block of its method, where {@code C} reads a field
     * ({@code if (STARTED.get()) return;}): a lock-free test of state that, once set, keeps callers away from
     * the lock, as a lazy start does.
     */
    private static boolean afterStateCheck(CtElement at) {
        for (CtElement e = at; e != null && !(e instanceof CtExecutable<?>) && e.isParentInitialized(); e = e.getParent()) {
            if (!(e instanceof CtStatement statement) || !(e.getParent() instanceof CtBlock<?> block)) {
                continue;
            }
            for (CtStatement earlier : block.getStatements()) {
                if (earlier == statement) {
                    break;
                }
                if (earlier instanceof CtIf check && check.getElseStatement() == null && returnsOnly(check.getThenStatement())
                        && !check.getCondition().getElements(new TypeFilter<>(CtFieldRead.class)).isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean returnsOnly(CtStatement then) {
        return then instanceof CtReturn<?> || then instanceof CtBlock<?> block && block.getStatements().size() == 1
                && block.getStatements().get(0) instanceof CtReturn<?>;
    }

    /** Under a condition with a remainder ({@code if (done % step == 0)}): a progress report every n-th element. */
    private static boolean everyNth(CtElement at) {
        CtExecutable<?> in = at.getParent(CtExecutable.class);
        for (CtElement e = at; e != null && e != in && e.isParentInitialized(); e = e.getParent()) {
            CtExpression<?> condition = e instanceof CtIf check ? check.getCondition()
                    : e instanceof CtConditional<?> conditional ? conditional.getCondition() : null;
            if (condition != null && !condition.getElements((CtBinaryOperator<?> op) -> op.getKind() == BinaryOperatorKind.MOD).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The {@code this} of {@code reach}'s code, when one object for every copy; else {@code null}. */
    private String thisOf(CommonPoolCode.CommonPoolEntry entry, Reach reach, int hops) {
        if (hops > MAX_HOPS) {
            return null;
        }
        if (reach.caller() == null) {
            CtExpression<?> function = entry.function();
            if (function instanceof CtLambda<?>) {
                CtExecutable<?> around = enclosingNonLambda(function);
                return around == null || around instanceof CtMethod<?> m && m.hasModifier(ModifierKind.STATIC) ? null
                        : "this " + typeName(function) + ", which the function captures";
            }
            if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
                CtExpression<?> bound = reference.getTarget();
                if (bound instanceof CtThisAccess<?>) {
                    return "this " + typeName(function) + ", which the method reference captures";
                }
                if (bound == null || bound instanceof CtTypeAccess<?>) {
                    return null; // Type::method of an instance method runs on each element
                }
                return "the object " + bound + " that the method reference is bound to once";
            }
            // a function object: one for the whole pipeline; an *Async call in a loop makes one per call
            return entry.via() == CommonPoolCode.Via.PARALLEL_STREAM && function instanceof CtConstructorCall<?>
                    ? "the one " + typeName(reach.executable()) + " object that every element runs" : null;
        }
        CtElement site = reach.callSite();
        Reach caller = reach.caller();
        CtExpression<?> receiver = site instanceof CtInvocation<?> call ? call.getTarget()
                : site instanceof CtExecutableReferenceExpression<?, ?> reference ? reference.getTarget() : null;
        if (site instanceof CtInvocation<?> && (receiver == null || receiver instanceof CtThisAccess<?>
                || receiver instanceof CtSuperAccess<?>)) {
            return thisOf(entry, caller, hops + 1);
        }
        if (receiver == null || receiver instanceof CtTypeAccess<?> || site instanceof CtConstructorCall<?>) {
            return null;
        }
        if (site instanceof CtExecutableReferenceExpression<?, ?> && receiver instanceof CtThisAccess<?>) {
            return thisOf(entry, caller, hops + 1);
        }
        return valueOf(receiver, entry, caller, hops + 1);
    }

    /** {@code value}, in {@code reach}'s code, when one object for every copy; else {@code null}. */
    private String valueOf(CtExpression<?> value, CommonPoolCode.CommonPoolEntry entry, Reach reach, int hops) {
        if (hops > MAX_HOPS || value == null) {
            return null;
        }
        if (value instanceof CtThisAccess<?> self) {
            // Outer.this in a nested class is another object than the code's own this
            spoon.reflect.declaration.CtType<?> around = self.getParent(spoon.reflect.declaration.CtType.class);
            return around != null && self.getType() != null && around.getQualifiedName().equals(self.getType().getQualifiedName())
                    ? thisOf(entry, reach, hops) : null;
        }
        if (value instanceof CtFieldRead<?> read) {
            return fieldOf(read, entry, reach, hops);
        }
        if (value instanceof CtInvocation<?> call && LockSharing.isLockView(call)) {
            return valueOf(call.getTarget(), entry, reach, hops);
        }
        if (value instanceof CtVariableRead<?> read && read.getVariable() != null) {
            return variableOf(read, read.getVariable().getDeclaration(), entry, reach, hops);
        }
        return null;
    }

    private String fieldOf(CtFieldRead<?> read, CommonPoolCode.CommonPoolEntry entry, Reach reach, int hops) {
        CtFieldReference<?> field = read.getVariable();
        if (field == null) {
            return null;
        }
        String owner = field.getDeclaringType() == null ? "?" : field.getDeclaringType().getSimpleName();
        if ("class".equals(field.getSimpleName())) {
            return "the class object " + owner + ".class";
        }
        String name = owner + "." + field.getSimpleName();
        if (field.isStatic()) {
            return "the static field " + name;
        }
        String holder = read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>
                ? thisOf(entry, reach, hops) : valueOf(read.getTarget(), entry, reach, hops + 1);
        return holder == null ? null : "the field " + name + " of " + holder;
    }

    private String variableOf(CtVariableRead<?> read, CtVariable<?> variable, CommonPoolCode.CommonPoolEntry entry,
                              Reach reach, int hops) {
        if (variable == null) {
            return null;
        }
        CtElement scope = reach.caller() == null && entry.function() instanceof CtLambda<?> lambda ? lambda : reach.executable();
        if (!variable.hasParent(scope)) {
            // captured from outside the function: one object for every element of a pipeline; for an *Async call
            // issued in a loop, only what was declared before the loop
            if (reach.caller() != null || !(scope instanceof CtLambda<?>)) {
                return null;
            }
            CtElement repeater = entry.via() == CommonPoolCode.Via.PARALLEL_STREAM ? null : repeater(entry.runner());
            return repeater != null && variable.hasParent(repeater) ? null
                    : "the " + (variable instanceof CtParameter<?> ? "parameter " : "local ") + variable.getSimpleName()
                    + ", captured from outside the " + (repeater == null ? "pipeline" : "loop");
        }
        if (variable instanceof CtParameter<?> parameter) {
            // the function's own parameter is the element; a method's is what the call on the path passes
            CtExecutable<?> declaredIn = parameter.getParent(CtExecutable.class);
            if (declaredIn != reach.executable() || declaredIn instanceof CtLambda<?> || reach.caller() == null
                    || !(reach.callSite() instanceof CtInvocation<?> call)) {
                return null;
            }
            int position = declaredIn.getParameters().indexOf(parameter);
            return position < 0 || position >= call.getArguments().size() ? null
                    : valueOf(call.getArguments().get(position), entry, reach.caller(), hops + 1);
        }
        if (variable instanceof CtLocalVariable<?>) {
            List<CtExpression<?>> values = model.allocationSites().valuesStoredIn(read);
            if (values == null || values.isEmpty()) {
                return null;
            }
            String first = null;
            for (CtExpression<?> stored : values) {
                String one = valueOf(stored, entry, reach, hops + 1);
                if (one == null) {
                    return null;
                }
                first = first == null ? one : first;
            }
            return "the local " + variable.getSimpleName() + ", " + first;
        }
        return null;
    }

    private static CtExecutable<?> enclosingNonLambda(CtElement element) {
        CtExecutable<?> around = element.getParent(CtExecutable.class);
        while (around instanceof CtLambda<?>) {
            around = around.getParent(CtExecutable.class);
        }
        return around;
    }

    private static String typeName(CtElement element) {
        spoon.reflect.declaration.CtType<?> type = element.getParent(spoon.reflect.declaration.CtType.class);
        return type == null ? "?" : type.getSimpleName();
    }

}
