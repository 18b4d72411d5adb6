package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The call graph from task code (and, separately, from code in the common pool): breadth first from the
 * entries over what {@link Dispatch} says each call may run, up to {@code --depth} calls that may
 * dispatch. A call with one target that nothing can override (a static, private or final method, a
 * constructor) is followed without counting: it adds no imprecision, and library code reaches its locks
 * through chains of such helpers (eclipse-collections' map resize is ten calls deep, five of them
 * private). Each method keeps a call path with the fewest counted calls. The walk remembers what every
 * call it walked may run, and which calls into the project's own code it could not resolve (a focused
 * model needs those files).
 */
final class CallGraph {

    private static final Set<ModifierKind> EXACT = Set.of(ModifierKind.STATIC, ModifierKind.PRIVATE, ModifierKind.FINAL);

    private final Dispatch dispatch;
    private final ForkJoinModel model;
    private final int maxDepth;
    private final Map<CtAbstractInvocation<?>, List<CtExecutable<?>>> targets = new IdentityHashMap<>();
    private final Map<CtExecutableReference<?>, Boolean> unresolved = new IdentityHashMap<>();

    CallGraph(Dispatch dispatch, ForkJoinModel model, int maxDepth) {
        this.dispatch = dispatch;
        this.model = model;
        this.maxDepth = maxDepth;
    }

    /** Adds to {@code into} every method reached from {@code from} that it does not hold yet. */
    void walk(List<TaskEntry> from, Map<CtExecutable<?>, Reach> into) {
        // Breadth first with two weights: an exactly bound call goes to the front of the queue, so every
        // method is taken with the fewest counted calls; a method met again by a cheaper path in this walk
        // is entered again and its stale entry skipped.
        Deque<Reach> queue = new ArrayDeque<>();
        Set<Reach> walked = Collections.newSetFromMap(new IdentityHashMap<>());
        for (TaskEntry entry : from) {
            if (!into.containsKey(entry.executable())) {
                Reach reach = new Reach(entry.executable(), entry, 0, 0, null, null);
                into.put(entry.executable(), reach);
                walked.add(reach);
                queue.add(reach);
            }
        }
        while (!queue.isEmpty()) {
            Reach reach = queue.poll();
            if (into.get(reach.executable()) != reach) {
                continue;
            }
            for (CtAbstractInvocation<?> call : CodeScan.elementsIn(reach.executable(), CtAbstractInvocation.class)) {
                if (model.offWorker(call)) {
                    continue;
                }
                List<CtExecutable<?>> called = dispatch.targets(call, model, reach);
                targets.putIfAbsent(call, called);
                if (called.isEmpty()) {
                    CtExecutableReference<?> executable = onReceiverType(call);
                    if (executable != null && !LibraryBoundary.isLibrary(executable.getDeclaringType())) {
                        unresolved.put(executable, Boolean.TRUE);
                    }
                }
                List<CtExecutable<?>> reached = new ArrayList<>(ElementSources.functionsRunBy(call));
                reached.addAll(called);
                for (CtExecutable<?> passed : dispatch.functionsPassedOn(call, model, reach)) {
                    if (reached.stream().noneMatch(known -> known == passed)) {
                        reached.add(passed);
                    }
                }
                boolean exact = called.size() == 1 && reached.size() == 1 && isExactlyBound(called.get(0));
                for (CtExecutable<?> target : reached) {
                    enter(target, reach, call, exact, into, queue, walked);
                }
                // The reference is the call site: a synchronized method named by this::m runs on this.
                for (CtExecutableReferenceExpression<?, ?> reference : Dispatch.referencesRunInCaller(call)) {
                    CtExecutable<?> target = dispatch.referenced(reference, model);
                    if (target != null) {
                        enter(target, reach, reference, false, into, queue, walked);
                    }
                }
            }
        }
    }

    /**
     * The called method as a reference on the receiver's type where Spoon bound it to no type at all (a call
     * after a getter Lombok generates): the focused model then adds the file that declares that type.
     */
    private static CtExecutableReference<?> onReceiverType(CtAbstractInvocation<?> call) {
        CtExecutableReference<?> executable = call.getExecutable();
        if (executable == null || executable.getDeclaringType() != null || !(call instanceof CtInvocation<?> invocation)) {
            return executable;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(invocation);
        return receiver == null ? executable : executable.clone().setDeclaringType(receiver.clone());
    }

    private void enter(CtExecutable<?> target, Reach from, CtElement site, boolean exact,
                       Map<CtExecutable<?>, Reach> into, Deque<Reach> queue, Set<Reach> walked) {
        int counted = from.countedCalls() + (exact ? 0 : 1);
        Reach known = into.get(target);
        if (counted <= maxDepth && (known == null || walked.contains(known) && counted < known.countedCalls())) {
            Reach next = new Reach(target, from.entry(), from.depth() + 1, counted, from, site);
            into.put(target, next);
            walked.add(next);
            if (exact) {
                queue.addFirst(next);
            } else {
                queue.addLast(next);
            }
        }
    }

    /**
     * Whether a call that resolves to {@code target} alone runs it and nothing else: constructors and
     * methods declared static, private or final (as written: the focused scope's body stripper reads
     * the same modifiers from the text, so both modes follow the same calls).
     */
    static boolean isExactlyBound(CtExecutable<?> target) {
        if (target instanceof CtConstructor<?>) {
            return true;
        }
        return target instanceof CtMethod<?> method && method.getExtendedModifiers().stream()
                .anyMatch(modifier -> !modifier.isImplicit() && EXACT.contains(modifier.getKind()));
    }

    /** What a walked call may run; empty for calls the walk did not reach. */
    List<CtExecutable<?>> targets(CtAbstractInvocation<?> call) {
        return targets.getOrDefault(call, List.of());
    }

    /** The class a virtual call was narrowed to by its receiver's allocations ({@link Dispatch}), or {@code null}. */
    CtType<?> narrowedTo(CtElement call) {
        return call instanceof CtInvocation<?> invocation ? dispatch.narrowedTo(invocation) : null;
    }

    Set<CtExecutableReference<?>> unresolvedCalls() {
        return Collections.unmodifiableSet(unresolved.keySet());
    }

    Map<String, DispatchedType> dispatchedTypes() {
        return Collections.unmodifiableMap(dispatch.receivers());
    }

    Set<String> flowSearchedNames() {
        return Collections.unmodifiableSet(dispatch.flowSearchedNames());
    }
}
