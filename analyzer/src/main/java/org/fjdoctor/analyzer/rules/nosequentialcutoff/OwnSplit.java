package org.fjdoctor.analyzer.rules.nosequentialcutoff;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.LeafForks;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Whether a size test really ends a recursive split. A task that forks only tasks that split no further
 * ({@link LeafForks}: one subtask of another class per item of something else) does not split its range, so an early exit
 * with an empty result ({@code if (docs.size() < 2) return found;}) is a guard, not a base case. A leaf that
 * forks or invokes another task runs a whole task per element, a block of work of its own.
 */
final class OwnSplit {

    /** Factories of empty results: {@code List.of()}, {@code Collections.emptyList()}. */
    private static final Set<String> EMPTY_FACTORIES = Set.of("of", "emptyList", "emptySet", "emptyMap", "empty");

    private OwnSplit() {
    }

    /** {@code return;}, {@code return 0;}, {@code return new ArrayList<>();} or a local made empty: no work. */
    static boolean emptyResult(CtStatement leaf) {
        List<CtStatement> statements = leaf instanceof CtBlock<?> block ? block.getStatements() : List.of(leaf);
        if (statements.size() != 1 || !(statements.get(0) instanceof CtReturn<?> exit)) {
            return false;
        }
        CtExpression<?> value = exit.getReturnedExpression();
        if (value instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> local
                && local.getDeclaration() != null) {
            value = local.getDeclaration().getDefaultExpression();
            if (value == null) {
                return false;
            }
        }
        return value == null || value instanceof CtLiteral<?>
                || value instanceof CtConstructorCall<?> made && made.getArguments().isEmpty()
                || value instanceof CtInvocation<?> call && call.getArguments().isEmpty() && call.getExecutable() != null
                && EMPTY_FACTORIES.contains(call.getExecutable().getSimpleName());
    }

    /** Whether the task's class may split itself: it does not fork only tasks that split no further. */
    static boolean recursive(ForkJoinModel model, CtMethod<?> compute) {
        return !LeafForks.only(model, compute.getDeclaringType());
    }

    /** Whether this leaf code forks, joins or invokes a task, each element then being a whole task. */
    static boolean runsWholeTask(ForkJoinModel model, CtElement code) {
        for (CtInvocation<?> call : CodeScan.elementsIn(code, CtInvocation.class)) {
            if (model.api().isFork(call) || model.api().isJoin(call) || model.api().isSubtaskResult(call)) {
                return true;
            }
        }
        return false;
    }
}
