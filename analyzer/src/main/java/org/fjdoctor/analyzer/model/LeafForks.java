package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.declaration.CtType;

/**
 * A task class that is no recursion: it creates tasks, but only of other classes of the sources that create
 * and fork none themselves ({@code GradingTask} forking four graders, a folder search forking one document
 * search per document). Its size tests are no base case and its merges run once, not once per level.
 */
public final class LeafForks {

    private LeafForks() {
    }

    /**
     * Whether {@code task} creates at least one task and each is a named class of the sources, not of its own
     * kind (its class, a subclass or a supertype), that neither creates nor forks tasks.
     */
    public static boolean only(ForkJoinModel model, CtType<?> task) {
        if (task == null || task.isAnonymous()) {
            return false;
        }
        boolean createsAny = false;
        for (CtConstructorCall<?> made : CodeScan.elementsIn(task, CtConstructorCall.class)) {
            if (!model.api().isTaskConstruction(made)) {
                continue;
            }
            CtType<?> created = made instanceof CtNewClass<?> || made.getType() == null ? null : made.getType().getDeclaration();
            if (created == null || created == task || model.types().isSubtypeOf(created.getReference(), task.getQualifiedName())
                    || model.types().isSubtypeOf(task.getReference(), created.getQualifiedName()) || splits(model, created)) {
                return false;
            }
            createsAny = true;
        }
        return createsAny;
    }

    private static boolean splits(ForkJoinModel model, CtType<?> task) {
        return CodeScan.elementsIn(task, CtConstructorCall.class).stream().anyMatch(model.api()::isTaskConstruction)
                || CodeScan.elementsIn(task, CtInvocation.class).stream().anyMatch(model.api()::isFork);
    }
}
