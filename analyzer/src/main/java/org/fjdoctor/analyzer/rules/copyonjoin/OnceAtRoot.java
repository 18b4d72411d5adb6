package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtType;

/**
 * A merge that runs once, not once per level: the merging task never creates a task of its own kind, and
 * every task it creates is a class in the sources that creates and forks no task ({@code GradingTask} forking
 * four non-recursive graders and {@code putAll}-ing their maps). Copying then concatenates the leaves' results
 * once at the root, which is what FJ3's fix asks for.
 */
final class OnceAtRoot {

    private OnceAtRoot() {
    }

    static boolean merges(ForkJoinModel model, CtElement merge) {
        CtType<?> own = merge.getParent(CtType.class);
        while (own != null && !model.types().isForkJoinTask(own.getReference())) {
            own = own.getParent(CtType.class);
        }
        if (own == null || own.isAnonymous()) {
            return false;
        }
        boolean createsAny = false;
        for (CtConstructorCall<?> made : CodeScan.elementsIn(own, CtConstructorCall.class)) {
            if (!model.api().isTaskConstruction(made)) {
                continue;
            }
            CtType<?> created = made.getType() == null ? null : made.getType().getDeclaration();
            if (created == null || created == own || model.types().isSubtypeOf(created.getReference(), own.getQualifiedName())
                    || model.types().isSubtypeOf(own.getReference(), created.getQualifiedName()) || splits(model, created)) {
                return false;
            }
            createsAny = true;
        }
        return createsAny;
    }

    /** Whether the task class creates or forks tasks itself. */
    private static boolean splits(ForkJoinModel model, CtType<?> task) {
        return CodeScan.elementsIn(task, CtConstructorCall.class).stream().anyMatch(model.api()::isTaskConstruction)
                || CodeScan.elementsIn(task, CtInvocation.class).stream().anyMatch(model.api()::isFork);
    }
}
