package org.fjdoctor.analyzer.rules.forkall;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A task whose {@code compute()} ends with a loop that creates each subtask, adds it to a collection field of the
 * task and forks it, and whose subtasks are joined later, outside {@code compute()}: {@code for (T t : tasks)
 * t.join()} in a method of the same class. The last fork is wasted only when whoever waits for the task then at once
 * waits for these subtasks: then the task's own thread could have run the last one in place instead of handing it to
 * the deque. That holds when every join loop over the field comes right after waiting for the task itself ({@code
 * pool.invoke(this); for (..) join}), or is the first work of a method that every call in the program makes right
 * after joining its receiver ({@code child.join(); child.collect(values);}). Any other caller, or a call fjdoctor
 * cannot resolve, and the task is left alone.
 */
final class StoredForks {

    /** The loop ending {@code compute()}, its fork, and a join of the stored subtasks. */
    record Found(CtLoop forkLoop, CtInvocation<?> fork, CtInvocation<?> join) {
    }

    private static final Set<String> ADDS = Set.of("add", "addLast", "push", "offer");

    private StoredForks() {
    }

    static List<Found> in(ForkJoinModel model) {
        List<Found> found = new ArrayList<>();
        for (CtLoop loop : model.taskCodeElements(CtLoop.class)) {
            CtClass<?> task = loop.getParent(CtExecutable.class) instanceof CtMethod<?> method
                    && method.getSimpleName().equals("compute") && method.getParameters().isEmpty()
                    ? method.getParent(CtClass.class) : null;
            if (task == null || loop.getBody() == null || !model.types().isForkJoinTask(task.getReference())
                    || !OnlyWaits.untilEnd(model, loop)) {
                continue;
            }
            CtField<?> tasks = storedIn(model, loop, task);
            CtInvocation<?> fork = tasks == null ? null : forkOfStored(model, loop, tasks);
            List<CtInvocation<?>> joins = fork == null ? List.of() : joinLoopsOver(model, task, tasks);
            if (!joins.isEmpty() && joins.stream().allMatch(join -> waitsForTheTaskFirst(model, join))) {
                found.add(new Found(loop, fork, joins.get(0)));
            }
        }
        return found;
    }

    /** The collection field of {@code task} that the loop body adds its new subtasks to. */
    private static CtField<?> storedIn(ForkJoinModel model, CtLoop loop, CtClass<?> task) {
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (call.getExecutable() != null && ADDS.contains(call.getExecutable().getSimpleName())
                    && call.getArguments().size() == 1 && ownField(call.getTarget(), task) != null
                    && createdTask(model, call.getArguments().get(0)) != null) {
                return ownField(call.getTarget(), task);
            }
        }
        return null;
    }

    /** The fork, in the loop body, of a local subtask the body creates and adds to {@code tasks}; none joined there. */
    private static CtInvocation<?> forkOfStored(ForkJoinModel model, CtLoop loop, CtField<?> tasks) {
        Set<CtVariable<?>> stored = new HashSet<>();
        CtInvocation<?> fork = null;
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (model.api().isJoin(call)) {
                return null;
            }
            if (call.getArguments().size() == 1 && ownField(call.getTarget(), null) == tasks) {
                CtVariable<?> subtask = createdTask(model, call.getArguments().get(0));
                if (subtask != null) {
                    stored.add(subtask);
                }
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (model.api().isFork(call) && call.getTarget() instanceof CtVariableRead<?> read && read.getVariable() != null
                    && stored.contains(read.getVariable().getDeclaration())) {
                fork = call;
            }
        }
        return fork;
    }

    /** The local that {@code argument} reads, when it is declared with a new subtask as its value. */
    private static CtVariable<?> createdTask(ForkJoinModel model, CtExpression<?> argument) {
        return argument instanceof CtVariableRead<?> read && read.getVariable() != null
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local
                && local.getDefaultExpression() instanceof CtConstructorCall<?> created
                && model.api().isTaskConstruction(created) ? local : null;
    }

    /** The field of the object itself ({@code tasks} or {@code this.tasks}) that {@code expression} reads. */
    private static CtField<?> ownField(CtExpression<?> expression, CtClass<?> task) {
        if (!(expression instanceof CtFieldRead<?> read) || read.getVariable() == null
                || read.getTarget() != null && !(read.getTarget() instanceof CtThisAccess<?>)) {
            return null;
        }
        CtField<?> field = read.getVariable().getFieldDeclaration();
        return field != null && (task == null || field.getDeclaringType() == task) ? field : null;
    }

    /** The join of each {@code for (T t : tasks) { .. t.join() .. }} over the field in the task's class. */
    private static List<CtInvocation<?>> joinLoopsOver(ForkJoinModel model, CtClass<?> task, CtField<?> tasks) {
        List<CtInvocation<?>> joins = new ArrayList<>();
        for (CtForEach loop : task.getElements(new TypeFilter<>(CtForEach.class))) {
            if (ownField(loop.getExpression(), task) != tasks) {
                continue;
            }
            for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
                if (model.api().isJoin(call) && call.getTarget() instanceof CtVariableRead<?> read
                        && read.getVariable() != null && read.getVariable().getDeclaration() == loop.getVariable()) {
                    joins.add(call);
                    break;
                }
            }
        }
        return joins;
    }

    /**
     * Whether the join loop of {@code join} runs only right after its thread waited for the task: it follows
     * {@code pool.invoke(this)} (or {@code this.invoke()}, {@code this.join()}) with nothing of its own between,
     * or it is the first work of a method that every call of it (or of a method it overrides) makes right after
     * joining the receiver.
     */
    private static boolean waitsForTheTaskFirst(ForkJoinModel model, CtInvocation<?> join) {
        CtForEach loop = join.getParent(CtForEach.class);
        if (loop.getParent() instanceof CtBlock<?> block) {
            for (CtStatement statement : block.getStatements()) {
                if (statement == loop) {
                    break;
                }
                if (statement instanceof CtInvocation<?> call && waitsForThis(call)
                        && OnlyWaits.between(model, statement, loop)) {
                    return true;
                }
            }
        }
        CtExecutable<?> method = loop.getParent(CtExecutable.class);
        return method instanceof CtMethod<?> collector && OnlyWaits.first(model, loop)
                && everyCallJoinsItsReceiverFirst(model, collector);
    }

    private static boolean waitsForThis(CtInvocation<?> call) {
        String name = call.getExecutable() == null ? "" : call.getExecutable().getSimpleName();
        return name.equals("invoke") && call.getArguments().size() == 1 && call.getArguments().get(0) instanceof CtThisAccess<?>
                || (name.equals("invoke") || name.equals("join")) && call.getArguments().isEmpty()
                && (call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>);
    }

    private static boolean everyCallJoinsItsReceiverFirst(ForkJoinModel model, CtMethod<?> collector) {
        int calls = 0;
        for (CtInvocation<?> call : model.invocations()) {
            CtExecutableReference<?> called = call.getExecutable();
            if (called == null || !called.getSimpleName().equals(collector.getSimpleName())
                    || call.getArguments().size() != collector.getParameters().size()) {
                continue;
            }
            CtElement declaration = called.getExecutableDeclaration();
            boolean mayRun = declaration == collector
                    || declaration instanceof CtMethod<?> overridden && collector.isOverriding(overridden);
            if (declaration == null && argumentsFit(call, collector) && (call.getTarget() == null
                    || call.getTarget().getType() == null || collector.getDeclaringType().isSubtypeOf(call.getTarget().getType()))) {
                return false; // an unresolved call that may run the collector
            }
            if (mayRun && !(call.getTarget() instanceof CtVariableRead<?> receiver && joinedJustBefore(call, receiver))) {
                return false;
            }
            calls += mayRun ? 1 : 0;
        }
        return calls > 0;
    }

    /** Whether no argument of known type rules out {@code method}: {@code collect(Collectors.toSet())} is no {@code collect(Collection)}. */
    private static boolean argumentsFit(CtInvocation<?> call, CtMethod<?> method) {
        for (int i = 0; i < call.getArguments().size(); i++) {
            CtTypeReference<?> argument = call.getArguments().get(i).getType();
            CtTypeReference<?> parameter = method.getParameters().get(i).getType();
            if (argument != null && parameter != null && !argument.isPrimitive() && !parameter.isPrimitive()
                    && argument.getTypeDeclaration() != null && parameter.getTypeDeclaration() != null
                    && !(parameter instanceof CtTypeParameterReference) && !argument.isSubtypeOf(parameter.getTypeErasure())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the statement before {@code call} (itself a statement) is {@code receiver.join()}. */
    private static boolean joinedJustBefore(CtInvocation<?> call, CtVariableRead<?> receiver) {
        if (!(call.getParent() instanceof CtBlock<?> block) || receiver.getVariable() == null) {
            return false;
        }
        CtStatement previous = null;
        for (CtStatement statement : block.getStatements()) {
            if (statement == call) {
                return previous instanceof CtInvocation<?> wait && wait.getExecutable() != null
                        && wait.getExecutable().getSimpleName().equals("join") && wait.getArguments().isEmpty()
                        && wait.getTarget() instanceof CtVariableRead<?> waited && waited.getVariable() != null
                        && waited.getVariable().getDeclaration() == receiver.getVariable().getDeclaration();
            }
            previous = statement;
        }
        return false;
    }
}
