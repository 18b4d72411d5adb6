package org.fjdoctor.analyzer.rules.forkall;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskTimeline;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * Whether the worker has nothing to do between a loop that forks subtasks and the loop that joins them:
 * no subtask computed in place, no work of its own. The fork loop may sit in an {@code if} or a
 * {@code try} ({@code if (files != null) { for (..) fork }}); what follows it there counts too.
 */
final class OnlyWaits {

    private OnlyWaits() {
    }

    static boolean between(ForkJoinModel model, CtStatement forkLoop, CtStatement joinLoop) {
        return quietUntil(model, forkLoop, statement -> statement == joinLoop || joinLoop.hasParent(statement)
                && quietInto(model, statement, joinLoop), false);
    }

    /**
     * Whether {@code inner} sits in {@code outer} only through blocks, the branches of an {@code if} whose
     * condition calls nothing, and the body of a {@code try}, with only negligible statements before it at each
     * level, on a path a constant does not rule out: a dual-mode task's {@code if (forkJoin) { for (..) join }}
     * waits right after its fork loop on the path that forked.
     */
    private static boolean quietInto(ForkJoinModel model, CtStatement outer, CtStatement inner) {
        if (model.reachOf(inner) == null) {
            return false;
        }
        for (CtElement current = inner; current != outer; current = current.getParent()) {
            CtElement parent = current.getParent();
            if (parent instanceof CtBlock<?> block) {
                if (!negligibleBefore(model, block.getStatements(), current)) {
                    return false;
                }
            } else if (!(parent instanceof CtIf branch && current != branch.getCondition()
                    && CodeScan.elementsIn(branch.getCondition(), CtAbstractInvocation.class).isEmpty()
                    || parent instanceof CtTry attempt && current == attempt.getBody())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the worker has nothing to do between a loop that forks subtasks and {@code join}, the first join
     * after it, when that join is a statement of its own ({@code first = tasks.get(0).join();}) rather than in a
     * join loop: the statement holding it calls nothing else.
     */
    static boolean untilJoin(ForkJoinModel model, CtStatement forkLoop, CtInvocation<?> join) {
        return quietUntil(model, forkLoop, statement -> (statement == join || join.hasParent(statement))
                && CodeScan.elementsIn(statement, CtInvocation.class).stream()
                .allMatch(call -> call == join || call.hasParent(join)), false);
    }

    /**
     * Whether nothing but negligible statements follow {@code statement} to the end of its method (through an
     * {@code if} or {@code try} around it): a helper that forks and returns.
     */
    static boolean untilEnd(ForkJoinModel model, CtStatement statement) {
        return quietUntil(model, statement, later -> false, true);
    }

    /**
     * Whether only negligible statements follow {@code from} until a statement {@code target} accepts, in its block
     * or, through an {@code if} or {@code try} around it, in the blocks around; {@code toTheEnd}: the end of the
     * method counts as reaching the target.
     */
    private static boolean quietUntil(ForkJoinModel model, CtStatement from, Predicate<CtStatement> target,
                                      boolean toTheEnd) {
        CtElement current = from;
        while (current.getParent() instanceof CtBlock<?> block) {
            List<CtStatement> statements = block.getStatements();
            for (int i = CodeScan.identityIndex(statements, current) + 1; i < statements.size(); i++) {
                if (target.test(statements.get(i))) {
                    return true;
                }
                if (!negligible(model, statements.get(i))) {
                    return false;
                }
            }
            CtElement holder = block.getParent();
            if (toTheEnd && holder instanceof CtExecutable<?>) {
                return true;
            }
            if (!(holder instanceof CtIf || holder instanceof CtTry)) {
                return false; // the fork loop runs inside another loop, or in a lambda: no plain fork-then-wait
            }
            current = holder;
        }
        return false;
    }

    /** Whether {@code statement} is in its method's body and only negligible statements come before it. */
    static boolean first(ForkJoinModel model, CtStatement statement) {
        if (!(statement.getParent() instanceof CtBlock<?> block) || !(block.getParent() instanceof CtExecutable<?>)) {
            return false;
        }
        return negligibleBefore(model, block.getStatements(), statement);
    }

    /** Whether {@code statement} is one of {@code statements} and only negligible ones come before it. */
    private static boolean negligibleBefore(ForkJoinModel model, List<CtStatement> statements, CtElement statement) {
        int at = CodeScan.identityIndex(statements, statement);
        for (int i = 0; i < at; i++) {
            if (!negligible(model, statements.get(i))) {
                return false;
            }
        }
        return at >= 0;
    }

    /**
     * A loop that only creates subtasks, collects and forks them ({@code for (File f : files) { Task t = new
     * Task(f); tasks.add(t); t.fork(); }}): more forking, no work of the worker's own before it waits.
     */
    private static boolean onlyForks(ForkJoinModel model, CtLoop loop) {
        List<CtStatement> body = loop.getBody() instanceof CtBlock<?> block ? block.getStatements()
                : loop.getBody() == null ? List.of() : List.of(loop.getBody());
        boolean forks = false;
        for (CtStatement statement : body) {
            if (statement instanceof CtInvocation<?> call && model.api().isFork(call)) {
                forks = true;
            } else if (!(statement instanceof CtLocalVariable<?> local
                    && local.getDefaultExpression() instanceof CtConstructorCall<?> made
                    && model.api().isTaskConstruction(made) && onlyReads(made)
                    || statement instanceof CtInvocation<?> add && COLLECTS.contains(add.getExecutable().getSimpleName())
                    && add.getArguments().size() == 1 && add.getArguments().get(0) instanceof CtVariableRead<?>)) {
                return false;
            }
        }
        return forks;
    }

    /**
     * A call of a source method that calls nothing and loops nowhere ({@code response.setLinks(null)}), on a
     * receiver and with arguments that call nothing either: a few field writes, nothing that competes with the
     * subtasks for the worker.
     */
    private static boolean setter(ForkJoinModel model, CtInvocation<?> call) {
        CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
        return callee != null && callee.getBody() != null && CodeScan.elementsIn(callee, CtLoop.class).isEmpty()
                && CodeScan.elementsIn(callee, CtAbstractInvocation.class).isEmpty()
                && CodeScan.elementsIn(call, CtAbstractInvocation.class).size() == 1;
    }

    private static final Set<String> COLLECTS = Set.of("add", "addLast", "push", "offer");

    /** A construction whose arguments call nothing that takes arguments: no work hidden in them. */
    private static boolean onlyReads(CtConstructorCall<?> made) {
        return made.getArguments().stream().allMatch(argument -> CodeScan.elementsIn(argument, CtAbstractInvocation.class)
                .stream().allMatch(call -> call.getArguments().isEmpty()));
    }

    /**
     * A local declared from a literal, a new empty object, or reads and argument-less getters
     * ({@code int best = -evaluator.infty();}): nothing that competes with the subtasks for the worker.
     */
    private static boolean negligible(ForkJoinModel model, CtStatement statement) {
        if (TaskTimeline.isInert(statement) || statement instanceof CtLoop loop && onlyForks(model, loop)
                || statement instanceof CtInvocation<?> call && setter(model, call)) {
            return true;
        }
        if (!(statement instanceof CtLocalVariable<?> local) || local.getDefaultExpression() == null) {
            return false;
        }
        for (CtAbstractInvocation<?> call : CodeScan.elementsIn(local.getDefaultExpression(), CtAbstractInvocation.class)) {
            if (call instanceof CtConstructorCall<?> made && model.api().isTaskConstruction(made)
                    || !call.getArguments().isEmpty() || call instanceof CtInvocation<?> invocation
                    && model.api().isSubtaskResult(invocation)) {
                return false;
            }
            CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
            if (callee != null && !(CodeScan.elementsIn(callee, CtLoop.class).isEmpty()
                    && CodeScan.elementsIn(callee, CtAbstractInvocation.class).isEmpty())) {
                return false;
            }
        }
        return true;
    }
}
