package org.fjdoctor.analyzer.rules.scattereddata;

import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtTypeReference;

/**
 * The data a fork loop prepares for each subtask besides the subtask object: FJ4's "a" in {@code a b a b}.
 * A copy ({@code clone()}, {@code Arrays.copyOf}, a copy constructor), any other allocation, or other work
 * in the iteration (a shared-set insert, a pause, a helper that computes the subtask's input) counts. What
 * only builds, wires, collects and starts the subtask does not: the task construction and the plain reads
 * and JDK conversions in its arguments, index arithmetic into primitive locals, {@code tasks.add(task)},
 * {@code previous.next = task}, {@code task.fork()}.
 */
final class Preparation {

    /** JDK calls that copy their receiver or argument. */
    private static final Set<String> COPIES = Set.of("clone", "copyOf", "copyOfRange", "arraycopy", "subList",
            "toArray", "addAll", "putAll");

    private Preparation() {
    }

    /** The first preparation in the loop's body, or {@code null} when the loop only builds and starts subtasks. */
    static CtElement in(ForkJoinModel model, ForksInLoop match) {
        CtLoop loop = match.forkLoop();
        for (CtElement element : CodeScan.elementsIn(loop.getBody(), CtElement.class)) {
            if (insideLambda(element, loop) || element.getParent(CtThrow.class) != null
                    || ArgumentObjects.besideTheFork(element, match.fork(), loop)) {
                continue;
            }
            if (element instanceof CtNewArray<?>) {
                return element;
            }
            if (element instanceof CtConstructorCall<?> construction && !(construction instanceof CtNewClass<?>)
                    && !model.api().isTaskConstruction(construction)
                    && !ArgumentObjects.buildsArgument(model, construction, loop)) {
                return element;
            }
            if (element instanceof CtInvocation<?> call && prepares(model, match, call)) {
                return call;
            }
        }
        return null;
    }

    private static boolean insideLambda(CtElement element, CtLoop loop) {
        CtLambda<?> lambda = element.getParent(CtLambda.class);
        return lambda != null && lambda.hasParent(loop);
    }

    private static boolean prepares(ForkJoinModel model, ForksInLoop match, CtInvocation<?> call) {
        if (call.getExecutable() == null) {
            return false;
        }
        if (COPIES.contains(call.getExecutable().getSimpleName())) {
            return true;
        }
        if (call == match.fork() || startsOrJoins(model, call) || returnsTask(model, call)) {
            return false;
        }
        if (inTaskArguments(model, call)) {
            // new Task(f.getPath(), moves.get(i)): a plain read passed on; a source helper that allocates or
            // loops computes the subtask's input, though (order.lineAmounts()).
            CtExecutable<?> helper = model.sourceDeclaration(call.getExecutable());
            return helper != null && (!CodeScan.elementsIn(helper, CtLoop.class).isEmpty()
                    || !CodeScan.elementsIn(helper, CtNewArray.class).isEmpty()
                    || CodeScan.elementsIn(helper, CtConstructorCall.class).stream()
                    .anyMatch(made -> !model.api().isTaskConstruction(made)));
        }
        if (touchesTask(model, call) || indexArithmetic(call) || wiresTasks(model, call)) {
            return false;
        }
        return true;
    }

    private static boolean startsOrJoins(ForkJoinModel model, CtInvocation<?> call) {
        return model.api().isFork(call) || model.api().isJoin(call) || model.api().isPoolSubmission(call);
    }

    /**
     * A factory call that returns the subtask ({@code Partitioner.slice(..)}, {@code node.createTask(..)} as an
     * {@code Optional}), or one in its arguments.
     */
    private static boolean returnsTask(ForkJoinModel model, CtInvocation<?> call) {
        return ArgumentObjects.holdsTasks(model, call.getType());
    }

    private static boolean inTaskArguments(ForkJoinModel model, CtInvocation<?> call) {
        for (CtElement up = call.getParent(); up != null && !(up instanceof CtStatement && !(up instanceof CtExpression<?>));
             up = up.getParent()) {
            if (up instanceof CtConstructorCall<?> made && (model.api().isTaskConstruction(made)
                    || ArgumentObjects.buildsArgument(model, made, call.getParent(CtLoop.class)))
                    || up instanceof CtInvocation<?> factory && returnsTask(model, factory)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code tasks.add(task)}, {@code task.setX(..)}, {@code Spawner.spawn(task, pending)}, {@code tasks.size()},
     * {@code made.isPresent()}: collecting, configuring, counting the subtasks.
     */
    private static boolean touchesTask(ForkJoinModel model, CtAbstractInvocation<?> call) {
        if (call instanceof CtInvocation<?> invocation && invocation.getTarget() != null
                && ArgumentObjects.holdsTasks(model, invocation.getTarget().getType())) {
            return true;
        }
        return call.getArguments().stream().anyMatch(argument -> ArgumentObjects.holdsTasks(model, argument.getType()));
    }

    /** {@code int hi = Math.min(lo + size, n)}: bounds of the subtask, not data. */
    private static boolean indexArithmetic(CtInvocation<?> call) {
        CtLocalVariable<?> local = call.getParent(CtLocalVariable.class);
        CtAssignment<?, ?> assignment = call.getParent(CtAssignment.class);
        CtTypeReference<?> type = local != null ? local.getType()
                : assignment != null ? assignment.getAssigned().getType() : null;
        return type != null && type.isPrimitive();
    }

    /** {@code Objects.requireNonNull(previous).next = task}: linking the subtasks into a list. */
    private static boolean wiresTasks(ForkJoinModel model, CtInvocation<?> call) {
        CtAssignment<?, ?> assignment = call.getParent(CtAssignment.class);
        return assignment != null && (isTask(model, assignment.getAssignment().getType())
                || assignment.getAssigned() instanceof CtFieldAccess<?> field && field.getTarget() != null
                && isTask(model, field.getTarget().getType()));
    }

    private static boolean isTask(ForkJoinModel model, CtTypeReference<?> type) {
        return type != null && model.types().isForkJoinTask(type);
    }
}
