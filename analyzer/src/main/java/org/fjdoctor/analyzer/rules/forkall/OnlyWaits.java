package org.fjdoctor.analyzer.rules.forkall;

import java.util.List;

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
        CtElement current = forkLoop;
        while (current.getParent() instanceof CtBlock<?> block) {
            List<CtStatement> statements = block.getStatements();
            int at = indexOf(statements, current);
            int until = indexOf(statements, joinLoop);
            for (int i = at + 1; i < (until < 0 ? statements.size() : until); i++) {
                if (!negligible(model, statements.get(i))) {
                    return false;
                }
            }
            if (until >= 0) {
                return true;
            }
            CtElement holder = block.getParent();
            if (holder instanceof CtIf || holder instanceof CtTry) {
                current = holder;
            } else {
                return false; // the fork loop runs inside another loop, or in a lambda: no plain fork-then-wait
            }
        }
        return false;
    }

    /**
     * Whether nothing but negligible statements follow {@code statement} to the end of its method (through an
     * {@code if} or {@code try} around it): a helper that forks and returns.
     */
    static boolean untilEnd(ForkJoinModel model, CtStatement statement) {
        CtElement current = statement;
        while (current.getParent() instanceof CtBlock<?> block) {
            List<CtStatement> statements = block.getStatements();
            for (int i = indexOf(statements, current) + 1; i < statements.size(); i++) {
                if (!negligible(model, statements.get(i))) {
                    return false;
                }
            }
            CtElement holder = block.getParent();
            if (holder instanceof CtExecutable<?>) {
                return true;
            }
            if (!(holder instanceof CtIf || holder instanceof CtTry)) {
                return false;
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
        List<CtStatement> statements = block.getStatements();
        int at = indexOf(statements, statement);
        for (int i = 0; i < at; i++) {
            if (!negligible(model, statements.get(i))) {
                return false;
            }
        }
        return at >= 0;
    }

    private static int indexOf(List<CtStatement> statements, CtElement statement) {
        for (int i = 0; i < statements.size(); i++) {
            if (statements.get(i) == statement) { // by identity: Spoon's equals() is structural
                return i;
            }
        }
        return -1;
    }

    /**
     * A local declared from a literal, a new empty object, or reads and argument-less getters
     * ({@code int best = -evaluator.infty();}): nothing that competes with the subtasks for the worker.
     */
    private static boolean negligible(ForkJoinModel model, CtStatement statement) {
        if (TaskTimeline.isInert(statement)) {
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
