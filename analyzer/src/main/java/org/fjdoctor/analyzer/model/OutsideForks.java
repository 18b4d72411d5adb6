package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;

/**
 * Task trees started in the common pool by code that is no task code: {@code task.fork()}, {@code task.invoke()}
 * or {@code ForkJoinTask.invokeAll(..)} called on a thread that is no pool's worker pushes the tasks (the root's
 * forked subtasks, for {@code invoke()}) onto {@code ForkJoinPool.commonPool()}'s queue, as the
 * {@code ForkJoinTask} javadoc says. Found after the task walk, since what is task code is known only then.
 * The forked class is the receiver's (or a collection's element) type where it is the project's own; a parameter
 * typed as the framework's base ({@code Collection<? extends ForkJoinTask<?>>}) is followed to what its method's
 * callers pass. A task handed to {@code commonPool().invoke/submit/execute(..)} (or to a value that holds the common
 * pool) runs there wherever the call is made.
 */
final class OutsideForks {

    private final ModelElements elements;
    private final JavaTypes types;
    private final Declarations declarations;
    private final CommonPoolExecutors commonPool;

    OutsideForks(ModelElements elements, JavaTypes types, Declarations declarations) {
        this.elements = elements;
        this.types = types;
        this.declarations = declarations;
        this.commonPool = new CommonPoolExecutors(elements, types, declarations);
    }

    /**
     * A task entry whose class a call outside task code forks into the common pool, and that call; {@code submitted}
     * where the call hands the task to the common pool itself ({@code commonPool().invoke(task)}).
     */
    record Forked(TaskEntry entry, CtInvocation<?> call, CtExpression<?> function, boolean submitted) {
    }

    /** The task entries ({@code compute()}) that {@code taskCode}-less forks start in the common pool. */
    List<Forked> find(List<TaskEntry> entries, Predicate<CtElement> taskCode) {
        List<Forked> found = new ArrayList<>();
        for (CtInvocation<?> call : elements.invocations) {
            List<CtExpression<?>> forked = forkedBy(call);
            boolean submitted = forked.isEmpty();
            if (submitted) {
                forked = submittedToCommonPool(call);
            } else if (taskCode.test(call)) {
                continue;
            }
            if (forked.isEmpty()) {
                continue;
            }
            for (CtExpression<?> tasks : forked) {
                CtTypeReference<?> type = taskType(tasks);
                for (TaskEntry entry : entries) {
                    if (type != null && entry.taskType() != null && declarations.isSource(type)
                            && types.isSubtypeOf(entry.taskType().getReference(), type.getQualifiedName())
                            && found.stream().noneMatch(known -> known.entry() == entry)) {
                        found.add(new Forked(entry, call, tasks, submitted));
                    }
                }
            }
        }
        return found;
    }

    /**
     * What {@code call} forks: its receiver ({@code task.fork()}, {@code task.invoke()}), the arguments of
     * {@code invokeAll(..)}, or the receiver whose elements a {@code forEach(ForkJoinTask::fork)} forks.
     */
    private List<CtExpression<?>> forkedBy(CtInvocation<?> call) {
        if ((Apis.FORK.matches(call, types) || Apis.TASK_INVOKE.matches(call, types)) && call.getTarget() != null) {
            return List.of(call.getTarget());
        }
        if (Apis.INVOKE_ALL.matches(call, types)) {
            return List.copyOf(call.getArguments());
        }
        if (Apis.RUNS_FUNCTION_IN_CALLER.stream().anyMatch(matcher -> matcher.matchesExactly(call))
                && call.getArguments().size() == 1
                && call.getArguments().get(0) instanceof CtExecutableReferenceExpression<?, ?> reference
                && reference.getExecutable() != null && reference.getExecutable().getDeclaringType() != null
                && List.of("fork", "invoke").contains(reference.getExecutable().getSimpleName())
                && types.isForkJoinTask(reference.getExecutable().getDeclaringType()) && call.getTarget() != null) {
            return List.of(call.getTarget());
        }
        return List.of();
    }

    /**
     * The task {@code commonPool().invoke(task)}, {@code submit(task)} or {@code execute(task)} hands to the common
     * pool: its tree runs there even when the caller is a worker of another pool.
     */
    private List<CtExpression<?>> submittedToCommonPool(CtInvocation<?> call) {
        if (call.getExecutable() == null || call.getArguments().size() != 1 || call.getTarget() == null
                || !List.of("invoke", "submit", "execute").contains(call.getExecutable().getSimpleName())
                || !types.isSubtypeOf(call.getTarget().getType(), "java.util.concurrent.Executor")) {
            return List.of();
        }
        CtExpression<?> task = call.getArguments().get(0);
        return task.getType() != null && types.isForkJoinTask(task.getType()) && commonPool.isCommonPool(call.getTarget())
                ? List.of(task) : List.of();
    }

    /**
     * The task type of {@code tasks} (a task, or a collection, stream or array of tasks), followed once through a
     * parameter to its callers' arguments when it names only the framework's base type.
     */
    private CtTypeReference<?> taskType(CtExpression<?> tasks) {
        CtTypeReference<?> type = single(tasks.getType());
        if (type != null && declarations.isSource(type) || !(tasks instanceof CtVariableRead<?> read)
                || !(read.getVariable() instanceof CtParameterReference<?> p) || p.getDeclaration() == null) {
            return type;
        }
        CtParameter<?> parameter = p.getDeclaration();
        CtExecutable<?> owner = parameter.getParent(CtExecutable.class);
        int index = owner == null ? -1 : owner.getParameters().indexOf(parameter);
        for (CtInvocation<?> caller : index < 0 ? List.<CtInvocation<?>>of() : elements.invocations) {
            if (caller.getArguments().size() == owner.getParameters().size() && caller.getExecutable() != null
                    && caller.getExecutable().getSimpleName().equals(owner.getSimpleName())
                    && declarations.executable(caller.getExecutable()) == owner) {
                CtTypeReference<?> passed = single(caller.getArguments().get(index).getType());
                if (passed != null && declarations.isSource(passed)) {
                    return passed;
                }
            }
        }
        return type;
    }

    /** A task type itself, or the element type of a collection, stream or array of tasks. */
    private CtTypeReference<?> single(CtTypeReference<?> type) {
        if (type instanceof CtArrayTypeReference<?> array) {
            return bound(array.getComponentType());
        }
        if (type == null || types.isForkJoinTask(type) || type.getActualTypeArguments().size() != 1) {
            return type;
        }
        return bound(type.getActualTypeArguments().get(0));
    }

    private static CtTypeReference<?> bound(CtTypeReference<?> type) {
        return type instanceof CtWildcardReference wildcard ? wildcard.getBoundingType() : type;
    }
}
