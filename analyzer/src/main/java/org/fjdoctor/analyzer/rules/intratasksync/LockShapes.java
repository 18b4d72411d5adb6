package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ErrorPaths;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.LazyInitialisation;
import org.fjdoctor.analyzer.model.RecheckedLocks;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayRead;
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
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Shapes of locking that cannot stall a worker whoever shares the lock: a read lock no code ever takes
 * for writing, a lock taken only when a lock-free check failed (double-checked lazy initialisation), and a
 * semaphore with a permit for every worker.
 */
final class LockShapes {

    private static final Set<String> READ_LOCKS = Set.of(
            "java.util.concurrent.locks.ReentrantReadWriteLock.ReadLock",
            "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock");
    private static final Set<String> READ_LOCK_CALLS = Set.of("readLock", "asReadLock");
    private static final Set<String> WRITE_LOCK_CALLS = Set.of("writeLock", "writeLockInterruptibly",
            "tryWriteLock", "asWriteLock", "tryConvertToWriteLock");

    private LockShapes() {
    }

    /**
     * {@code rw.readLock().lock()} (or {@code asReadLock()}, or through a variable or field holding the read lock)
     * where no task code takes a write lock of the same {@code rw}: readers do not exclude each other, so tasks
     * do not wait for one another here. A writer outside task code (a flush, a reload on a request thread) only
     * delays the tasks while it holds the lock; it does not make the tasks stall each other.
     */
    static boolean readLockWithoutWriter(ForkJoinModel model, CtInvocation<?> lock) {
        CtExpression<?> readLock = valueOf(lock.getTarget());
        if (!(readLock instanceof CtInvocation<?> call) || call.getExecutable() == null
                || !READ_LOCK_CALLS.contains(call.getExecutable().getSimpleName())) {
            CtTypeReference<?> type = lock.getTarget() == null ? null : lock.getTarget().getType();
            if (type == null || !READ_LOCKS.contains(type.getQualifiedName())) {
                return false;
            }
            return noWriter(model, null);
        }
        return noWriter(model, variableOf(call.getTarget()));
    }

    /**
     * No write lock taken by task code on {@code owner} (on any lock, when {@code owner} is unknown), other than
     * on an error or shutdown path, or on an object no other task can hold (a vector the task made and fills
     * before handing it on, {@link org.fjdoctor.analyzer.model.LockSharing}): a writing task could run at the same time as the reading one.
     */
    private static boolean noWriter(ForkJoinModel model, String owner) {
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            if (call.getExecutable() != null && WRITE_LOCK_CALLS.contains(call.getExecutable().getSimpleName())
                    && (owner == null || owner.equals(variableOf(call.getTarget())))
                    && !ErrorPaths.only(call, model.reachOf(call))
                    && (call.getTarget() == null || model.lockSharing().of(call.getTarget()).shared())) {
                return false;
            }
        }
        return true;
    }

    /** The expression a local or final field holding a lock was set to, or the expression itself. */
    private static CtExpression<?> valueOf(CtExpression<?> expression) {
        if (expression instanceof CtVariableRead<?> read && read.getVariable() != null) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            if ((variable instanceof CtLocalVariable<?> || variable instanceof CtField<?>)
                    && variable.getDefaultExpression() != null) {
                return variable.getDefaultExpression();
            }
        }
        return expression;
    }

    private static String variableOf(CtExpression<?> expression) {
        if (expression instanceof CtVariableRead<?> read && read.getVariable() != null) {
            CtVariableReference<?> variable = read.getVariable();
            return (expression instanceof CtFieldRead<?> field && field.getVariable().getDeclaringType() != null
                    ? field.getVariable().getDeclaringType().getQualifiedName() + "." : "") + variable.getSimpleName();
        }
        return null;
    }

    /**
     * A monitor taken again inside a {@code synchronized} block on the same variable in the same method
     * ({@code synchronized (cache) { cache.get(k); }} on a {@code Collections.synchronizedMap}, whose methods
     * lock the wrapper itself): the thread already holds it, and a re-entry never waits. The outer block is the
     * finding. The variable must not be assigned inside that block.
     */
    static boolean heldAlready(CtElement at, CtExpression<?> lock) {
        String name = variableOf(lock);
        if (name == null) {
            return false;
        }
        CtExecutable<?> in = at.getParent(CtExecutable.class);
        for (CtSynchronized outer = at.getParent(CtSynchronized.class); outer != null
                && outer.getParent(CtExecutable.class) == in; outer = outer.getParent(CtSynchronized.class)) {
            if (outer != at && name.equals(variableOf(outer.getExpression())) && sameTarget(lock, outer.getExpression())
                    && CodeScan.elementsIn(outer.getBlock(), CtVariableWrite.class).stream()
                            .noneMatch(write -> write.getVariable() != null
                                    && write.getVariable().equals(((CtVariableRead<?>) lock).getVariable()))) {
                return true;
            }
        }
        return false;
    }

    /** Two reads of one variable through the same receiver text ({@code this.cache}, {@code cache}, {@code a.cache}). */
    private static boolean sameTarget(CtExpression<?> one, CtExpression<?> other) {
        CtExpression<?> first = one instanceof CtFieldRead<?> field ? field.getTarget() : null;
        CtExpression<?> second = other instanceof CtFieldRead<?> field ? field.getTarget() : null;
        boolean firstThis = first == null || first instanceof CtThisAccess<?> || first instanceof CtTypeAccess<?>;
        boolean secondThis = second == null || second instanceof CtThisAccess<?> || second instanceof CtTypeAccess<?>;
        return firstThis && secondThis || first != null && second != null && first.toString().equals(second.toString());
    }

    /**
     * Double-checked lazy initialisation: the lock ({@code synchronized} block, or {@code lock()} followed by
     * a {@code try}) is only reached inside {@code if} on a field, and inside the lock the same field is
     * checked again. Once the value is set no task takes the lock.
     */
    static boolean behindLockFreeCheck(CtStatement lock) {
        if (RecheckedLocks.behindEarlyReturn(lock)) {
            return true; // the same shape written with early returns
        }
        CtIf outer = lock.getParent(CtIf.class);
        CtExecutable<?> in = lock.getParent(CtExecutable.class);
        if (outer == null || outer.getParent(CtExecutable.class) != in || !within(lock, outer.getThenStatement())) {
            return false;
        }
        Set<String> checked = fieldsRead(outer.getCondition());
        CtElement guarded = lock;
        if (lock instanceof CtInvocation<?> && lock.getParent() instanceof CtBlock<?> block) {
            List<CtStatement> statements = block.getStatements();
            int at = statements.indexOf(lock);
            guarded = at >= 0 && at + 1 < statements.size() && statements.get(at + 1) instanceof CtTry t ? t.getBody() : null;
        }
        if (guarded == null) {
            return false;
        }
        for (CtIf inner : CodeScan.elementsIn(guarded, CtIf.class)) {
            if (fieldsRead(inner.getCondition()).stream().anyMatch(checked::contains)) {
                return true;
            }
        }
        return RecheckedLocks.recheckedLookup(outer.getCondition(), guarded);
    }

    /**
     * A private synchronized method that every caller in its class reaches only when a lock-free read found
     * nothing ({@code cache != null ? cache : compute()}), and that reads the same value again first under its
     * monitor: double-checked lazy initialisation split over two methods.
     */
    static boolean synchronizedBehindLockFreeCheck(CtMethod<?> method) {
        CtType<?> owner = method.getDeclaringType();
        if (!method.hasModifier(ModifierKind.PRIVATE) || owner == null || method.getBody() == null) {
            return false;
        }
        Set<String> rechecked = new java.util.HashSet<>();
        for (CtIf inner : CodeScan.elementsIn(method.getBody(), CtIf.class)) {
            rechecked.addAll(nullChecked(inner.getCondition()));
        }
        List<CtInvocation<?>> calls = new java.util.ArrayList<>();
        for (CtInvocation<?> call : owner.getElements(new TypeFilter<CtInvocation<?>>(CtInvocation.class))) {
            if (call.getExecutable() != null && call.getExecutable().getExecutableDeclaration() == method) {
                calls.add(call);
            }
        }
        return !rechecked.isEmpty() && !calls.isEmpty() && calls.stream().allMatch(call -> {
            if (heldByCaller(call, method)) {
                return true; // a synchronized method of the class calling it on this already holds the monitor
            }
            CtElement branch = call;
            for (CtElement parent = call.getParent(); parent != null && !(parent instanceof CtExecutable<?>);
                    branch = parent, parent = parent.getParent()) {
                CtExpression<?> condition = parent instanceof CtConditional<?> c && c.getCondition() != branch
                        ? c.getCondition() : parent instanceof CtIf i && i.getCondition() != branch ? i.getCondition() : null;
                if (condition != null && nullChecked(condition).stream().anyMatch(rechecked::contains)) {
                    return true;
                }
            }
            return false;
        });
    }

    /** A call on {@code this} from a synchronized method with the same monitor as {@code method}'s. */
    private static boolean heldByCaller(CtInvocation<?> call, CtMethod<?> method) {
        CtExecutable<?> caller = call.getParent(CtExecutable.class);
        return caller instanceof CtMethod<?> around && around.hasModifier(ModifierKind.SYNCHRONIZED)
                && around.getDeclaringType() == method.getDeclaringType()
                && around.hasModifier(ModifierKind.STATIC) == method.hasModifier(ModifierKind.STATIC)
                && (call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>
                        || call.getTarget() instanceof CtTypeAccess<?>);
    }

    /** What a condition compares with {@code null}: a field's name, or the text a local was initialised with. */
    private static Set<String> nullChecked(CtExpression<?> condition) {
        Set<String> names = new java.util.HashSet<>();
        for (CtBinaryOperator<?> comparison : CodeScan.elementsIn(condition, CtBinaryOperator.class)) {
            CtExpression<?> checked = LazyInitialisation.comparedWithNull(comparison);
            if (checked instanceof CtFieldRead<?> field && field.getVariable() != null) {
                names.add(field.getVariable().getSimpleName());
            } else if (checked instanceof CtVariableRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local
                    && local.getDefaultExpression() != null) {
                names.add(local.getDefaultExpression().toString());
            }
        }
        return names;
    }

    private static boolean within(CtElement element, CtElement root) {
        for (CtElement e = element; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e == root) {
                return true;
            }
        }
        return false;
    }

    /**
     * The fields a lazy-initialisation check tests: {@code f == null} (also {@code f[i] == null}, or through a
     * local copy {@code v = f}), or a boolean field read as a flag ({@code !initialized}). Comparisons of
     * sizes or counts are not such a check: the lock behind them is taken again and again.
     */
    private static Set<String> fieldsRead(CtExpression<?> condition) {
        Set<String> names = new java.util.HashSet<>();
        for (CtBinaryOperator<?> comparison : CodeScan.elementsIn(condition, CtBinaryOperator.class)) {
            if (comparison.getKind() != BinaryOperatorKind.EQ && comparison.getKind() != BinaryOperatorKind.NE) {
                continue;
            }
            CtExpression<?> checked = LazyInitialisation.comparedWithNull(comparison);
            String field = checked == null ? null : fieldOf(valueOf(checked));
            if (field != null) {
                names.add(field);
            }
        }
        CtExpression<?> flag = condition instanceof CtUnaryOperator<?> not && not.getKind() == UnaryOperatorKind.NOT
                ? not.getOperand() : condition;
        if (flag instanceof CtFieldRead<?> read && read.getType() != null
                && ("boolean".equals(read.getType().getSimpleName()) || "Boolean".equals(read.getType().getSimpleName()))) {
            names.add(read.getVariable().getSimpleName());
        }
        return names;
    }

    /** The field an expression reads, directly or as an element of a field's array. */
    private static String fieldOf(CtExpression<?> expression) {
        CtExpression<?> read = expression instanceof CtArrayRead<?> element ? element.getTarget() : expression;
        return read instanceof CtFieldRead<?> field && field.getVariable() != null ? field.getVariable().getSimpleName() : null;
    }

    /**
     * The {@code Collections.synchronizedList(..)} (or twin) that the receiver of {@code call} holds, when
     * every value stored in it is one; {@code null} otherwise. The wrapper's methods lock the wrapper.
     */
    static CtInvocation<?> synchronizedWrapper(ForkJoinModel model, CtInvocation<?> call) {
        CtExpression<?> target = call.getTarget();
        if (call.getExecutable() == null || UNLOCKED_VIEWS.contains(call.getExecutable().getSimpleName())
                || target == null || target.getType() == null
                || !WRAPPED_TYPES.contains(target.getType().getQualifiedName())) {
            return null;
        }
        List<CtExpression<?>> values = target instanceof CtInvocation<?> made ? List.of(made)
                : model.allocationSites().valuesStoredIn(target);
        if (values == null) {
            return null;
        }
        CtInvocation<?> wrapper = null;
        for (CtExpression<?> value : alternatives(values)) {
            if (value instanceof CtLiteral<?> literal && literal.getValue() == null) {
                continue; // a call on null never runs: the wrapper is what the call can lock
            }
            if (!(value instanceof CtInvocation<?> made) || !model.api().matches(Apis.SYNCHRONIZED_WRAPPER, made)) {
                return null;
            }
            wrapper = made;
        }
        return wrapper;
    }

    /**
     * What a call locks by being made, when its receiver is an object whose methods lock it: a
     * {@link #synchronizedWrapper} wrapper, or an object of a JDK class whose methods are {@code synchronized}
     * ({@link Apis#SELF_LOCKING}: {@code Vector}, {@code Hashtable}, {@code StringBuffer}). The description names
     * the kind of receiver; {@code null} for other calls.
     */
    static String lockedReceiver(ForkJoinModel model, CtInvocation<?> call) {
        CtInvocation<?> wrapper = synchronizedWrapper(model, call);
        if (wrapper != null) {
            return "a Collections." + wrapper.getExecutable().getSimpleName() + " wrapper";
        }
        CtExpression<?> target = call.getTarget();
        // a subclass's call on its own this is its own method's business, not a receiver shared by copies
        if (target == null || target instanceof CtThisAccess<?> || target.getType() == null
                || !model.api().matches(Apis.SELF_LOCKING, call)) {
            return null;
        }
        return "a " + target.getType().getSimpleName() + " (its methods are synchronized)";
    }

    /**
     * The receiver of {@code call} as the source writes it: for the call that stands for a bound method reference
     * ({@code updates::add}, {@link org.fjdoctor.analyzer.model.LibraryReferenceSteps}), the reference's target in
     * the code around the reference, whose variables are judged where they are declared; else the call's target.
     */
    static CtExpression<?> sourceReceiver(CtInvocation<?> call) {
        CtExecutableReferenceExpression<?, ?> reference = referenceOf(call);
        return reference != null && reference.getTarget() != null ? reference.getTarget() : call.getTarget();
    }

    /** The method reference that {@code call} stands for, or {@code null} for a call written in the source. */
    static CtExecutableReferenceExpression<?, ?> referenceOf(CtInvocation<?> call) {
        return call.isParentInitialized() && call.getParent() instanceof CtLambda<?> step && step.isParentInitialized()
                && step.getParent() instanceof CtExecutableReferenceExpression<?, ?> reference ? reference : null;
    }

    /** The values a variable can hold: each branch of a stored {@code c ? a : b}, not the conditional itself. */
    private static List<CtExpression<?>> alternatives(List<CtExpression<?>> values) {
        List<CtExpression<?>> flat = new ArrayList<>();
        ArrayDeque<CtExpression<?>> open = new ArrayDeque<>(values);
        while (!open.isEmpty()) {
            CtExpression<?> value = open.pop();
            if (value instanceof CtConditional<?> conditional) {
                open.push(conditional.getElseExpression());
                open.push(conditional.getThenExpression());
            } else {
                flat.add(value);
            }
        }
        return flat;
    }

    /** The types {@code Collections.synchronized*} returns: what a variable holding a wrapper is declared as. */
    private static final Set<String> WRAPPED_TYPES = Set.of("java.util.List", "java.util.Map", "java.util.Set",
            "java.util.Collection", "java.util.SortedMap", "java.util.SortedSet", "java.util.NavigableMap",
            "java.util.NavigableSet");

    /** A wrapper's methods that do not lock it: the caller locks around their use by hand. */
    private static final Set<String> UNLOCKED_VIEWS = Set.of("iterator", "spliterator", "stream", "parallelStream",
            "listIterator");

    /**
     * A semaphore created with at least as many permits as the machine has processors (or
     * {@code Integer.MAX_VALUE}): a pool has no more workers than that unless told so, so workers never wait
     * for each other's permits.
     */
    static boolean permitForEveryWorker(CtInvocation<?> acquire) {
        if (!acquire.getArguments().isEmpty()) {
            return false;
        }
        CtExpression<?> semaphore = valueOf(acquire.getTarget());
        if (!(semaphore instanceof CtConstructorCall<?> created) || created.getArguments().isEmpty()) {
            return false;
        }
        CtExpression<?> permits = created.getArguments().get(0);
        String text = permits.toString();
        return text.contains("Integer.MAX_VALUE") || text.matches(".*availableProcessors\\(\\)(\\s*[*+]\\s*\\w+)?\\s*")
                || permits instanceof CtLiteral<?> literal && literal.getValue() instanceof Number n && n.longValue() >= 256;
    }
}
