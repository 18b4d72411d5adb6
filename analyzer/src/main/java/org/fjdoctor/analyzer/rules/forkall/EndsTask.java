package org.fjdoctor.analyzer.rules.forkall;

import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.TaskTimeline;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;

/** Where a block's end is the end of a task's {@code compute()}: nothing of the task runs after it. */
final class EndsTask {

    private EndsTask() {
    }

    /** The block is compute()'s body, or a branch of an {@code if} that is the last statement of one that is. */
    static boolean endsTask(CtBlock<?> block) {
        CtElement current = block;
        while (true) {
            CtElement parent = current.getParent();
            if (parent instanceof CtMethod<?> method) {
                return method.getBody() == current && (method.getSimpleName().equals("compute")
                        || method.getSimpleName().equals("exec")) && method.getParameters().isEmpty();
            }
            if (!(parent instanceof CtIf branch) || !(branch.getParent() instanceof CtBlock<?> outer)) {
                return false;
            }
            List<CtStatement> statements = outer.getStatements();
            if (statements.isEmpty() || statements.get(statements.size() - 1) != branch) {
                return false;
            }
            current = outer;
        }
    }

    /**
     * The loop's body only creates a subtask and forks it ({@code T t = new T(..); t.fork();} or {@code new
     * T(..).fork();}): the subtask is handed to no one and joined by no one, so when the loop ends the task, every
     * subtask is forked and the worker runs none in place. Returns the fork, or null.
     */
    static CtInvocation<?> createdAndForked(ForkJoinApi api, CtLoop loop) {
        List<CtStatement> body = loop.getBody() instanceof CtBlock<?> block ? block.getStatements()
                : loop.getBody() == null ? List.of() : List.of(loop.getBody());
        if (body.size() == 1 && body.get(0) instanceof CtInvocation<?> fork && api.isFork(fork)
                && fork.getTarget() instanceof CtConstructorCall<?> created && api.isTaskConstruction(created)) {
            return fork;
        }
        if (body.size() == 2 && body.get(0) instanceof CtLocalVariable<?> task
                && task.getDefaultExpression() instanceof CtConstructorCall<?> created && api.isTaskConstruction(created)
                && body.get(1) instanceof CtInvocation<?> fork && api.isFork(fork)
                && TaskTimeline.taskVariable(fork.getTarget()) == task) {
            return fork;
        }
        return null;
    }

    /** The loop walks a collection the block filled with two or more {@code add(..)} calls before it. */
    static boolean severalAdded(CtBlock<?> block, CtForEach loop, int loopIndex) {
        if (!(loop.getExpression() instanceof CtVariableRead<?> collection) || collection.getVariable() == null) {
            return false;
        }
        int adds = 0;
        for (CtStatement statement : block.getStatements().subList(0, loopIndex)) {
            for (CtInvocation<?> call : CodeScan.elementsIn(statement, CtInvocation.class)) {
                if (call.getExecutable() != null && call.getExecutable().getSimpleName().equals("add")
                        && call.getTarget() instanceof CtVariableRead<?> target
                        && target.getVariable() != null && target.getVariable().equals(collection.getVariable())) {
                    adds++;
                }
            }
        }
        return adds >= 2;
    }
}
