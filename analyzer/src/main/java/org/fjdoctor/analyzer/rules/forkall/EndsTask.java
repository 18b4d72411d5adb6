package org.fjdoctor.analyzer.rules.forkall;

import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
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
