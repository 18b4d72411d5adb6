package org.fjdoctor.refactorings.centralizedpooling;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.TaskEntry;
import org.fjdoctor.refactorings.Variables;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;

/**
 * Whether a submitted task is the running task's own continuation: an actor's message loop that
 * resubmits itself so that other work runs between its messages (JAAC's {@code MainTask}, GPars' actors,
 * an Akka-style mailbox). Forking such a task keeps the actor on this worker, so the guarded fork of it is
 * offered for review.
 * <p>
 * The submitted expression is followed back through effectively final locals and through the parameters of
 * the methods it is passed to (every call site in task code: JAAC's {@code ActorSystem.submit(task)} gets
 * {@code new MainTask()} from {@code MainTask.compute()}). It is a continuation when it ends at
 * {@code this}, or at a {@code new T()} without arguments written in T itself, inside code that runs on
 * the task's own object: a task entry ({@code compute()}, {@code exec()}, a submitted {@code run()}) or a
 * method that such code calls on {@code this}. A {@code send()} that another task calls on a different
 * object ({@code next.send()}) schedules that object, not itself; a subtask built from its own arguments
 * (divide and conquer) is no continuation either.
 */
final class Continuations {

    /** How many methods a task is followed through (as a parameter, or up the this-calls) before giving up. */
    private static final int MAX_FOLLOWED = 16;

    private final ForkJoinModel model;
    private final Set<CtExecutable<?>> entries = Collections.newSetFromMap(new IdentityHashMap<>());
    private Map<CtExecutable<?>, List<CtInvocation<?>>> callers;

    private Continuations(ForkJoinModel model) {
        this.model = model;
        for (TaskEntry entry : model.entries()) {
            entries.add(entry.executable());
        }
    }

    /** The expression the submitted {@code work} is a continuation as, or null. */
    static CtExpression<?> of(CtExpression<?> work, ForkJoinModel model) {
        return new Continuations(model).find(work);
    }

    private CtExpression<?> find(CtExpression<?> work) {
        Deque<CtExpression<?>> todo = new ArrayDeque<>(List.of(work));
        Set<CtElement> followed = Collections.newSetFromMap(new IdentityHashMap<>());
        while (!todo.isEmpty() && followed.size() <= MAX_FOLLOWED) {
            CtExpression<?> origin = todo.pop();
            if (isContinuation(origin)) {
                return origin;
            }
            CtVariable<?> variable = origin instanceof CtVariableRead<?> read ? read.getVariable().getDeclaration() : null;
            if (variable instanceof CtLocalVariable<?> local && local.getDefaultExpression() != null
                    && Variables.effectivelyFinal(local) && followed.add(local)) {
                todo.add(local.getDefaultExpression());
            } else if (variable instanceof CtParameter<?> parameter && !parameter.isVarArgs()
                    && !(parameter.getParent() instanceof CtLambda<?>) && followed.add(parameter.getParent())) {
                CtExecutable<?> method = parameter.getParent();
                int index = method.getParameters().indexOf(parameter);
                for (CtInvocation<?> call : callsTo(method)) {
                    if (index >= 0 && call.getArguments().size() > index) {
                        todo.add(call.getArguments().get(index));
                    }
                }
            }
        }
        return null;
    }

    private boolean isContinuation(CtExpression<?> origin) {
        CtType<?> own = origin.getParent(CtType.class);
        if (own == null || own.isAnonymous()) {
            return false;
        }
        boolean itself = origin instanceof CtThisAccess<?> self && isOwnThis(self, own);
        boolean same = origin instanceof CtConstructorCall<?> created && created.getArguments().isEmpty()
                && created.getType() != null && created.getType().getQualifiedName().equals(own.getQualifiedName());
        return (itself || same) && runsOnItsOwnObject(runningCode(origin), new ArrayList<>());
    }

    /** The method whose object {@code this} means at {@code at}: lambdas are seen through. */
    private static CtExecutable<?> runningCode(CtElement at) {
        CtExecutable<?> executable = at.getParent(CtExecutable.class);
        while (executable instanceof CtLambda<?>) {
            executable = executable.getParent(CtExecutable.class);
        }
        return executable;
    }

    /** A task entry, or a method that such code calls on its own object ({@code schedule()}, {@code this.drain()}). */
    private boolean runsOnItsOwnObject(CtExecutable<?> method, List<CtExecutable<?>> path) {
        if (method == null || path.size() > MAX_FOLLOWED || path.stream().anyMatch(m -> m == method)) {
            return false;
        }
        if (entries.contains(method)) {
            return true;
        }
        path.add(method);
        for (CtInvocation<?> call : callsTo(method)) {
            if (call.getTarget() instanceof CtThisAccess<?> self && isOwnThis(self, call.getParent(CtType.class))
                    && runsOnItsOwnObject(runningCode(call), path)) {
                return true;
            }
        }
        path.remove(path.size() - 1);
        return false;
    }

    /**
     * {@code this} (written or implicit) of the object whose code runs at the innermost type {@code own}: its
     * own class or, for an inherited method, a supertype; not an enclosing class's {@code Outer.this}.
     */
    private static boolean isOwnThis(CtThisAccess<?> self, CtType<?> own) {
        if (own == null || self.getType() == null) {
            return false;
        }
        return HalfResolved.isSubtypeOf(own.getReference(), self.getType());
    }

    /** The task-code calls that may reach {@code method}, from one index of all of them built on first use. */
    private List<CtInvocation<?>> callsTo(CtExecutable<?> method) {
        if (callers == null) {
            callers = new IdentityHashMap<>();
            for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
                for (CtExecutable<?> target : model.callTargets(call)) {
                    callers.computeIfAbsent(target, t -> new ArrayList<>()).add(call);
                }
            }
        }
        return callers.getOrDefault(method, List.of());
    }
}
