package org.fjdoctor.analyzer.rules.joinorder;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskHandOff;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtFor;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;

/**
 * The loop shape of joining in fork order: {@code for (T t : tasks) t.fork();} (or a loop that creates,
 * forks and adds each subtask to {@code tasks}), and later in the same block {@code for (T t : tasks)
 * t.join();} (or over the list the fork loop adds each forked subtask to), or an index loop counting up over {@code tasks} (a list's {@code get(i)} or an array's
 * {@code tasks[i]}), or a walk from the head of a chain the fork loop appended each subtask to ({@code
 * previous.next = task; .. while (root != null) { root.join(); root = root.next; }}). The fork loop may sit
 * in an {@code if} or the body of a {@code try}. The first join waits for the subtask at the
 * bottom of the worker's deque, the one thieves take first, while the worker's own last fork sits on top.
 */
final class JoinLoops {

    private JoinLoops() {
    }

    static JoinLoopOrderMatch find(ForkJoinModel model, CtBlock<?> block) {
        List<CtStatement> statements = block.getStatements();
        for (int i = 0; i < statements.size(); i++) {
            for (CtLoop forkLoop : loopsAt(statements.get(i))) {
                JoinLoopOrderMatch match = joinedInOrder(model, forkLoop, statements.subList(i + 1, statements.size()));
                if (match != null) {
                    return match;
                }
            }
        }
        return null;
    }

    /**
     * The loop this statement is, or the loops inside an {@code if} or the body of a {@code try} around it
     * ({@code if (files != null) { for (..) fork }}, {@code try { .. if (ok) { for (..) fork } } catch ..}), at
     * any depth of such statements: the joins after them still wait for what the loop forked. Catch and finally
     * blocks are not searched, nor the bodies of other loops.
     */
    private static List<CtLoop> loopsAt(CtStatement statement) {
        List<CtLoop> loops = new ArrayList<>();
        collectLoops(statement, loops);
        return loops;
    }

    private static void collectLoops(CtStatement statement, List<CtLoop> loops) {
        if (statement instanceof CtLoop loop) {
            loops.add(loop);
        } else if (statement instanceof CtBlock<?> block) {
            block.getStatements().forEach(inner -> collectLoops(inner, loops));
        } else if (statement instanceof CtIf branch) {
            collectLoops(branch.getThenStatement(), loops);
            collectLoops(branch.getElseStatement(), loops);
        } else if (statement instanceof CtTry attempt) {
            collectLoops(attempt.getBody(), loops);
        }
    }

    /**
     * The join loop after {@code forkLoop} in {@code later}, or, when the loop adds its subtasks to a collection
     * its method was given and nothing after it in the block joins them, in the helper of the same class that the
     * caller hands that collection to next ({@code forkAll(tasks); return joinAll(tasks);}).
     */
    private static JoinLoopOrderMatch joinedInOrder(ForkJoinModel model, CtLoop forkLoop, List<CtStatement> later) {
        ForkJoinApi api = model.api();
        CtInvocation<?> fork = null;
        for (CtInvocation<?> call : CodeScan.elementsIn(forkLoop.getBody(), CtInvocation.class)) {
            if (api.isFork(call)) {
                fork = call;
                break;
            }
        }
        if (fork == null) {
            return null;
        }
        CtVariable<?> tasks = collectionOf(forkLoop, fork);
        String link = tasks == null ? appendedLink(forkLoop, fork) : null;
        JoinLoopOrderMatch match = joinLoopIn(model, forkLoop, fork, tasks, link, later);
        CtVariable<?> copy = forkLoop instanceof CtForEach each ? addedTo(forkLoop, each.getVariable()) : null;
        if (match == null && copy != null && copy != tasks) {
            // for (T t : given) { t.fork(); forked.add(t); } then for (T t : forked) t.join(): the copy keeps fork order
            match = joinLoopIn(model, forkLoop, fork, copy, null, later);
        }
        if (match == null && tasks instanceof CtParameter<?> given) {
            TaskHandOff handOff = TaskHandOff.of(model, forkLoop, given);
            if (handOff != null) {
                match = joinLoopIn(model, forkLoop, fork, handOff.joined(), null,
                        handOff.joinHelper().getBody().getStatements());
            }
        }
        return match;
    }

    /**
     * The join loop among {@code later}, or inside an {@code if} or the body of a {@code try} among them, like the
     * fork loop ({@link #loopsAt}): a task that joins only {@code if (forkJoin) { for (..) join }} still joins
     * in fork order on that path. A join in a branch that a constant rules out ({@code if (DEBUG)} on a
     * {@code static final} flag, or a parameter every reaching call passes a constant for) is on no path, as
     * {@link ForkJoinModel#reachOf} judges task code.
     */
    private static JoinLoopOrderMatch joinLoopIn(ForkJoinModel model, CtLoop forkLoop, CtInvocation<?> fork,
                                                 CtVariable<?> tasks, String link, List<CtStatement> later) {
        ForkJoinApi api = model.api();
        for (CtStatement statement : later) {
            for (CtLoop joinLoop : loopsAt(statement)) {
                JoinLoopOrderMatch match = joinedBy(model, api, forkLoop, fork, tasks, link, joinLoop, joinLoop == statement);
                if (match != null) {
                    return match;
                }
            }
        }
        return null;
    }

    private static JoinLoopOrderMatch joinedBy(ForkJoinModel model, ForkJoinApi api, CtLoop forkLoop, CtInvocation<?> fork,
                                               CtVariable<?> tasks, String link, CtLoop joinLoop, boolean direct) {
        for (CtInvocation<?> call : CodeScan.elementsIn(joinLoop.getBody(), CtInvocation.class)) {
            if (!api.isJoin(call) || !direct && model.reachOf(call) == null) {
                continue;
            }
            if (tasks != null && forwardOver(joinLoop, tasks) && element(joinLoop, tasks, call.getTarget())
                    || link != null && walksFromHead(joinLoop, link, call.getTarget())) {
                return new JoinLoopOrderMatch(forkLoop, fork, joinLoop, call);
            }
        }
        return null;
    }

    /**
     * The field that links the forked subtasks into a chain in fork order: the loop appends each one at the
     * tail ({@code previous.next = task}). A loop that pushes each one in front ({@code task.next = last})
     * builds the chain in reverse, which a walk from its head already joins last-forked first.
     */
    private static String appendedLink(CtLoop loop, CtInvocation<?> fork) {
        CtVariable<?> forked = variable(fork.getTarget());
        if (forked == null) {
            return null;
        }
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(loop.getBody(), CtAssignment.class)) {
            if (assignment.getAssigned() instanceof CtFieldWrite<?> field && isVariable(assignment.getAssignment(), forked)
                    && !isVariable(field.getTarget(), forked)) {
                return field.getVariable().getSimpleName();
            }
        }
        return null;
    }

    /** {@code while (root != null) { root.join(); root = root.next; }}: a walk of the chain from its head. */
    private static boolean walksFromHead(CtLoop loop, String link, CtExpression<?> joined) {
        CtVariable<?> cursor = variable(joined);
        if (cursor == null) {
            return false;
        }
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(loop.getBody(), CtAssignment.class)) {
            if (assignment.getAssigned() instanceof CtVariableWrite<?> write && write.getVariable() != null
                    && write.getVariable().getDeclaration() == cursor) {
                CtExpression<?> next = assignment.getAssignment();
                CtVariable<?> via = variable(next);
                if (via != null && via.getDefaultExpression() != null) {
                    next = via.getDefaultExpression(); // IntOperatorTask next = root.next; root = next;
                }
                return next instanceof CtFieldRead<?> read && read.getVariable().getSimpleName().equals(link)
                        && isVariable(read.getTarget(), cursor);
            }
        }
        return false;
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
        if (fork.getParent() instanceof CtInvocation<?> add && isAdd(add) && add.getArguments().get(0) == fork) {
            return variable(add.getTarget()); // tasks.add(new Sub(..).fork()): the subtask has no variable
        }
        return addedTo(loop, forked);
    }

    /** The collection the loop adds {@code forked} to ({@code tasks.add(task)}), or {@code null}. */
    private static CtVariable<?> addedTo(CtLoop loop, CtVariable<?> forked) {
        if (forked == null) {
            return null;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (isAdd(call) && isVariable(call.getArguments().get(0), forked)) {
                return variable(call.getTarget());
            }
        }
        return null;
    }

    /** {@code tasks.add(x)}: one element added to a collection. */
    private static boolean isAdd(CtInvocation<?> call) {
        return call.getExecutable() != null && "add".equals(call.getExecutable().getSimpleName())
                && call.getArguments().size() == 1;
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
