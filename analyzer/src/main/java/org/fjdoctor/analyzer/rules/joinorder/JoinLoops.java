package org.fjdoctor.analyzer.rules.joinorder;

import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFor;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtVariable;

/**
 * The loop shape of joining in fork order: {@code for (T t : tasks) t.fork();} (or a loop that creates,
 * forks and adds each subtask to {@code tasks}), and later in the same block {@code for (T t : tasks)
 * t.join();}, or an index loop counting up over {@code tasks} (a list's {@code get(i)} or an array's
 * {@code tasks[i]}). The first join waits for the subtask at the
 * bottom of the worker's deque, the one thieves take first, while the worker's own last fork sits on top.
 */
final class JoinLoops {

    private JoinLoops() {
    }

    static JoinLoopOrderMatch find(ForkJoinApi api, CtBlock<?> block) {
        List<CtStatement> statements = block.getStatements();
        for (int i = 0; i < statements.size(); i++) {
            if (!(statements.get(i) instanceof CtLoop forkLoop)) {
                continue;
            }
            CtInvocation<?> fork = null;
            CtVariable<?> tasks = null;
            for (CtInvocation<?> call : CodeScan.elementsIn(forkLoop.getBody(), CtInvocation.class)) {
                if (api.isFork(call)) {
                    fork = call;
                    tasks = collectionOf(forkLoop, call);
                    break;
                }
            }
            if (fork == null || tasks == null) {
                continue;
            }
            for (CtStatement later : statements.subList(i + 1, statements.size())) {
                if (later instanceof CtLoop joinLoop && forwardOver(joinLoop, tasks)) {
                    for (CtInvocation<?> call : CodeScan.elementsIn(joinLoop.getBody(), CtInvocation.class)) {
                        if (api.isJoin(call) && element(joinLoop, tasks, call.getTarget())) {
                            return new JoinLoopOrderMatch(forkLoop, fork, joinLoop, call);
                        }
                    }
                }
            }
        }
        return null;
    }

    /**
     * The collection whose subtasks the loop forks: the one it walks when it forks its element, or the one it
     * adds the forked task to.
     */
    private static CtVariable<?> collectionOf(CtLoop loop, CtInvocation<?> fork) {
        if (loop instanceof CtForEach each && isVariable(fork.getTarget(), each.getVariable())) {
            return variable(each.getExpression());
        }
        CtVariable<?> forked = fork.getTarget() instanceof CtVariableRead<?> read && read.getVariable() != null
                ? read.getVariable().getDeclaration() : null;
        if (loop instanceof CtFor && fork.getTarget() instanceof CtInvocation<?> get && isGet(get)) {
            return variable(get.getTarget());
        }
        if (loop instanceof CtFor && fork.getTarget() instanceof CtArrayRead<?> element) {
            return variable(element.getTarget()); // tasks[i].fork()
        }
        if (forked == null) {
            return null;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (call.getExecutable() != null && "add".equals(call.getExecutable().getSimpleName())
                    && call.getArguments().size() == 1 && isVariable(call.getArguments().get(0), forked)) {
                return variable(call.getTarget());
            }
        }
        return null;
    }

    /** A for-each over {@code tasks}, or an index loop that counts up. */
    private static boolean forwardOver(CtLoop loop, CtVariable<?> tasks) {
        if (loop instanceof CtForEach each) {
            return variable(each.getExpression()) == tasks;
        }
        if (loop instanceof CtFor index && index.getForUpdate().size() == 1) {
            CtStatement update = index.getForUpdate().get(0);
            return update instanceof CtUnaryOperator<?> step && (step.getKind() == UnaryOperatorKind.POSTINC
                    || step.getKind() == UnaryOperatorKind.PREINC);
        }
        return false;
    }

    /** The loop's element of {@code tasks}: the for-each variable, or {@code tasks.get(i)}. */
    private static boolean element(CtLoop loop, CtVariable<?> tasks, CtExpression<?> target) {
        if (loop instanceof CtForEach each) {
            return isVariable(target, each.getVariable());
        }
        return target instanceof CtInvocation<?> get && isGet(get) && variable(get.getTarget()) == tasks
                || target instanceof CtArrayRead<?> element && variable(element.getTarget()) == tasks;
    }

    private static boolean isGet(CtInvocation<?> call) {
        return call.getExecutable() != null && "get".equals(call.getExecutable().getSimpleName())
                && call.getArguments().size() == 1;
    }

    private static boolean isVariable(CtExpression<?> expression, CtVariable<?> variable) {
        return variable != null && variable(expression) == variable;
    }

    private static CtVariable<?> variable(CtExpression<?> expression) {
        return expression instanceof CtVariableRead<?> read && read.getVariable() != null
                ? read.getVariable().getDeclaration() : null;
    }
}
