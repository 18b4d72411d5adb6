package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.WalkedCall;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtFieldReference;

/**
 * A lock taken again by the task that already holds it: every walked call of task code into the method that
 * takes it runs inside an acquisition of the same lock (a {@code synchronized} block or method, or a
 * {@code lock()} whose {@code try} unlocks it), directly or through callers that are themselves only called so.
 * Re-entering a monitor or a reentrant lock its holder owns never waits; the outer acquisition is the one that
 * may contend, and is judged on its own. One call that reaches the method without holding the lock keeps it a
 * finding.
 */
final class HeldByCallers {

    /**
     * A lock as code names it: the monitor of {@code this} (or of the class, for static code), or a field,
     * of {@code this} object or static. Only such locks are known to be the same object at caller and callee.
     */
    record LockName(String field, boolean onThisObject) {

        /** The lock {@code expression} names inside the code of one object, or {@code null} if not one of those. */
        static LockName of(CtExpression<?> expression) {
            if (expression instanceof CtThisAccess<?>) {
                return new LockName(null, true);
            }
            if (expression instanceof CtFieldRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaringType() != null) {
                CtFieldReference<?> field = read.getVariable();
                String name = field.getDeclaringType().getQualifiedName() + "#" + field.getSimpleName();
                if (field.isStatic()) {
                    return new LockName(name, false);
                }
                return onThis(read.getTarget()) ? new LockName(name, true) : null;
            }
            return null;
        }

        /** The monitor a synchronized method takes. */
        static LockName monitorOf(CtMethod<?> method) {
            CtType<?> owner = method.getDeclaringType();
            return method.hasModifier(ModifierKind.STATIC)
                    ? new LockName(owner == null ? "?" : owner.getQualifiedName() + "#class", false)
                    : new LockName(null, true);
        }
    }

    private HeldByCallers() {
    }

    /** Whether task code only ever runs {@code in} (the method whose code takes {@code lock}) holding that lock. */
    static boolean always(ForkJoinModel model, CtExecutable<?> in, LockName lock) {
        return lock != null && in instanceof CtMethod<?> && always(model, in, lock,
                Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static boolean always(ForkJoinModel model, CtExecutable<?> in, LockName lock, Set<CtExecutable<?>> seen) {
        if (!seen.add(in)) {
            return false; // a recursive cycle: no caller outside it was shown to hold the lock
        }
        List<WalkedCall> calls = model.taskCallsInto(in);
        if (calls.isEmpty()) {
            return false;
        }
        for (WalkedCall call : calls) {
            if (call.entry() || !(call.site() instanceof CtInvocation<?> invocation)
                    || invocation.getParent(CtExecutable.class) != call.caller()
                    || lock.onThisObject() && !onSameObject(invocation, call.caller(), in)) {
                return false;
            }
            // The invocation's own executable is the caller (checked above), so its locks are the caller's.
            if (!heldAt(invocation, lock) && !always(model, call.caller(), lock, seen)) {
                return false;
            }
        }
        return true;
    }

    /** A call on {@code this} from code of the same object: the caller's class is the callee's or a subclass. */
    private static boolean onSameObject(CtInvocation<?> call, CtExecutable<?> caller, CtExecutable<?> callee) {
        if (!onThis(call.getTarget()) || !(caller instanceof CtMethod<?> method) || method.hasModifier(ModifierKind.STATIC)) {
            return false;
        }
        CtType<?> callerType = method.getDeclaringType();
        CtType<?> calleeType = callee.getParent(CtType.class);
        return callerType != null && calleeType != null && (callerType == calleeType
                || HalfResolved.isSubtypeOf(callerType.getReference(), calleeType.getReference()));
    }

    /** No receiver, {@code this} (not {@code Outer.this}), or a class for a static member. */
    private static boolean onThis(CtExpression<?> target) {
        if (target instanceof CtThisAccess<?> self) {
            CtType<?> around = self.getParent(CtType.class);
            return self.getType() == null || around == null
                    || around.getQualifiedName().equals(self.getType().getQualifiedName());
        }
        return target == null || target instanceof CtTypeAccess<?>;
    }

    /** Whether {@code site}, in its own method's code, runs inside an acquisition of {@code lock}. */
    private static boolean heldAt(CtElement site, LockName lock) {
        return heldAround(site).contains(lock);
    }

    /**
     * The locks {@code site} runs inside in its own method's code: the method's monitor if it is
     * {@code synchronized}, enclosing {@code synchronized} blocks, and {@code lock()}s whose {@code try} encloses
     * it and unlocks them. Locks its callers hold are not included.
     */
    static Set<LockName> heldAround(CtElement site) {
        Set<LockName> held = new LinkedHashSet<>();
        CtExecutable<?> in = site.getParent(CtExecutable.class);
        CtElement child = site;
        for (CtElement parent = site.getParent(); parent != null && parent != in; child = parent, parent = parent.getParent()) {
            if (parent instanceof CtSynchronized block && block.getBlock() == child && LockName.of(block.getExpression()) != null) {
                held.add(LockName.of(block.getExpression()));
            }
            if (parent instanceof CtTry attempt && attempt.getBody() == child && attempt.getFinalizer() != null) {
                for (CtStatement statement : attempt.getFinalizer().getStatements()) {
                    LockName lock = statement instanceof CtInvocation<?> call ? LockName.of(call.getTarget()) : null;
                    if (lock != null && unlocks(attempt, lock) && (locksBefore(attempt, lock) || locksFirst(attempt.getBody(), lock))) {
                        held.add(lock);
                    }
                }
            }
        }
        if (in instanceof CtMethod<?> method && method.hasModifier(ModifierKind.SYNCHRONIZED)) {
            held.add(LockName.monitorOf(method));
        }
        return held;
    }

    /** {@code try { .. } finally { lock.unlock(); }}. */
    private static boolean unlocks(CtTry attempt, LockName lock) {
        return attempt.getFinalizer() != null && attempt.getFinalizer().getStatements().stream()
                .anyMatch(statement -> isCall(statement, "unlock", lock));
    }

    /** {@code lock.lock();} right before the {@code try}. */
    private static boolean locksBefore(CtTry attempt, LockName lock) {
        if (!(attempt.getParent() instanceof CtBlock<?> block)) {
            return false;
        }
        int at = block.getStatements().indexOf(attempt);
        for (int i = at - 1; i >= 0; i--) {
            CtStatement before = block.getStatements().get(i);
            if (isCall(before, "lock", lock)) {
                return true;
            }
            if (!(before instanceof CtLocalVariable<?>)) {
                return false; // only declarations between the lock and its try
            }
        }
        return false;
    }

    /** {@code try { lock.lock(); .. }}. */
    private static boolean locksFirst(CtBlock<?> body, LockName lock) {
        return !body.getStatements().isEmpty() && isCall(body.getStatements().get(0), "lock", lock);
    }

    private static boolean isCall(CtStatement statement, String name, LockName lock) {
        return statement instanceof CtInvocation<?> call && call.getExecutable() != null
                && name.equals(call.getExecutable().getSimpleName()) && call.getArguments().isEmpty()
                && lock.equals(LockName.of(call.getTarget()));
    }
}
