package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;

/**
 * A fork pass whose body hands the collection to a helper that creates, forks and adds one subtask per call
 * ({@code pages.forEach(page -> addTask(tasks, page))} with {@code addTask} doing {@code t = new T(page);
 * t.fork(); tasks.add(t);}): the helper's body is the loop body, one call per element, so the pass forks every
 * subtask it adds to the collection as a loop written out would.
 */
final class HelperForks {

    private HelperForks() {
    }

    /** The helper's fork of each subtask it adds to the parameter {@code body} passes {@code tasks} as, or null. */
    static CtInvocation<?> forkAddedInHelper(ForkJoinModel model, CtElement body, CtVariable<?> tasks) {
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            int index = indexOf(call, tasks);
            CtExecutable<?> helper = index < 0 ? null : model.sourceDeclaration(call.getExecutable());
            if (helper == null || helper.getBody() == null || index >= helper.getParameters().size()
                    || helper.getParameters().get(index).isVarArgs() || helper == body.getParent(CtExecutable.class)) {
                continue;
            }
            CtParameter<?> parameter = helper.getParameters().get(index);
            CtInvocation<?> fork = ForEachForks.forkAddedTo(model, helper.getBody(), parameter);
            if (fork != null) {
                return fork;
            }
        }
        return null;
    }

    private static int indexOf(CtInvocation<?> call, CtVariable<?> tasks) {
        for (int i = 0; i < call.getArguments().size(); i++) {
            if (call.getArguments().get(i) instanceof CtVariableRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaration() == tasks) {
                return i;
            }
        }
        return -1;
    }
}
