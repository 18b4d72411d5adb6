package org.fjdoctor.analyzer.rules.scattereddata;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.TaskHandOff;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtBreak;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtContinue;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * The loops in task code that create and start a subtask in each iteration and join the subtasks after
 * the loop. Whether such a loop also prepares data for each subtask ({@link ScatteredDataRule}) or only
 * builds the subtask and then waits (fork-all) is for the rules to judge.
 */
public final class ForkLoops {

    private ForkLoops() {
    }

    /** Every such loop of the model's task code, in the order of {@link ForkJoinModel#taskCodeElements}. */
    public static List<ForksInLoop> in(ForkJoinModel model) {
        ForkJoinApi api = model.api();
        List<ForksInLoop> found = new ArrayList<>();
        for (CtLoop loop : model.taskCodeElements(CtLoop.class)) {
            if (loop.getBody() == null || runsOnce(loop)) {
                continue;
            }
            Start start = startIn(model, loop.getBody());
            CtConstructorCall<?> creation = creationIn(model, loop.getBody());
            CtInvocation<?> join = start == null || creation == null ? null : joinAfter(api, loop);
            if (join == null && start != null && creation != null) {
                join = joinInCaller(model, loop);
            }
            if (join == null) {
                continue;
            }
            CtLoop joinLoop = join.getParent(CtLoop.class);
            boolean ownJoinLoop = joinLoop != null && !loop.hasParent(joinLoop)
                    && joinLoop.getParent(CtExecutable.class) == loop.getParent(CtExecutable.class);
            found.add(new ForksInLoop(loop, creation, start.call(), start.handedToPool(), join,
                    ownJoinLoop ? joinLoop : null));
        }
        return found;
    }

    /** Where a loop body starts its subtasks, and whether it hands them to a pool instead of forking them. */
    private record Start(CtInvocation<?> call, boolean handedToPool) {
    }

    /**
     * A fork in the loop body, or a call from it to a source helper that forks. Handing a subtask to a pool
     * ({@code pool.submit(task)}, or h2o's {@code H2O.submitTask(task)} helper around one) starts it
     * asynchronously too, so it scatters preparation the same way.
     */
    private static Start startIn(ForkJoinModel model, CtStatement body) {
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            if (startsTask(model, call)) {
                return new Start(call, !model.api().isFork(call));
            }
            CtExecutable<?> helper = runsTaskInPlace(model, call) ? null : model.sourceDeclaration(call.getExecutable());
            if (helper != null) {
                var inner = CodeScan.elementsIn(helper, CtInvocation.class);
                if (inner.stream().anyMatch(model.api()::isFork)) {
                    return new Start(call, false);
                }
                if (inner.stream().anyMatch(called -> startsTask(model, called))) {
                    return new Start(call, true);
                }
            }
        }
        return null;
    }

    /**
     * {@code subtask.compute()} or {@code subtask.invoke()}: the subtask runs right here, on this thread; what
     * it forks inside is its own business, not this loop's.
     */
    private static boolean runsTaskInPlace(ForkJoinModel model, CtInvocation<?> call) {
        return call.getExecutable() != null && IN_PLACE.contains(call.getExecutable().getSimpleName())
                && call.getArguments().isEmpty() && call.getTarget() != null
                && model.types().isForkJoinTask(call.getTarget().getType());
    }

    private static final Set<String> IN_PLACE = Set.of("compute", "invoke", "exec", "run");

    /**
     * A loop whose body always leaves it at the end of the first pass ({@code break}, {@code return},
     * {@code throw} as its last statement, and no {@code continue}): it starts one subtask at most.
     */
    private static boolean runsOnce(CtLoop loop) {
        CtStatement body = loop.getBody();
        CtStatement last = body instanceof CtBlock<?> block
                ? (block.getStatements().isEmpty() ? null : block.getLastStatement()) : body;
        return (last instanceof CtBreak || last instanceof CtReturn<?>
                || last instanceof CtThrow)
                && CodeScan.elementsIn(body, CtContinue.class).isEmpty();
    }

    private static boolean startsTask(ForkJoinModel model, CtInvocation<?> call) {
        return model.api().isFork(call) || model.api().isPoolSubmission(call)
                && !call.getExecutable().getSimpleName().startsWith("invoke")
                && model.types().isForkJoinTask(call.getArguments().get(0).getType());
    }

    /** A subtask constructed in the loop body or in a helper it calls. */
    private static CtConstructorCall<?> creationIn(ForkJoinModel model, CtStatement body) {
        for (CtConstructorCall<?> construction : CodeScan.elementsIn(body, CtConstructorCall.class)) {
            if (model.api().isTaskConstruction(construction)) {
                return construction;
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            CtExecutable<?> helper = model.sourceDeclaration(call.getExecutable());
            if (helper != null) {
                for (CtConstructorCall<?> construction : CodeScan.elementsIn(helper, CtConstructorCall.class)) {
                    if (model.api().isTaskConstruction(construction)) {
                        return construction;
                    }
                }
            }
        }
        return null;
    }

    /**
     * A join in the caller of the loop's method, after the call, directly or in a source method it calls
     * there: the loop's method forks and hands the subtasks back, or adds them to a collection its caller gave
     * it, and the caller joins them ({@code subtasks = explore(..); solutions = processSubtasks(subtasks)},
     * {@code forkAll(subtasks); return joinAll(subtasks);}).
     */
    private static CtInvocation<?> joinInCaller(ForkJoinModel model, CtLoop loop) {
        Reach reach = model.reachOf(loop);
        if (reach == null || reach.caller() == null || reach.callSite() == null
                || !reach.callSite().getPosition().isValidPosition() || !handsTasksBack(model, reach.executable())
                && TaskHandOff.tasksParameter(model, loop) == null
                || CodeScan.elementsIn(loop.getBody(), CtInvocation.class).stream().anyMatch(model.api()::isSubtaskResult)) {
            // A loop that joins each fork in the same iteration runs its subtasks one by one: another shape.
            return null;
        }
        int after = reach.callSite().getPosition().getSourceEnd();
        for (CtInvocation<?> later : CodeScan.elementsIn(reach.caller().executable(), CtInvocation.class)) {
            if (!later.getPosition().isValidPosition() || later.getPosition().getSourceStart() <= after) {
                continue;
            }
            if (model.api().isSubtaskResult(later)) {
                return later;
            }
            CtExecutable<?> helper = model.sourceDeclaration(later.getExecutable());
            if (helper != null && helper != reach.executable()) {
                for (CtInvocation<?> inner : CodeScan.elementsIn(helper, CtInvocation.class)) {
                    if (model.api().isSubtaskResult(inner)) {
                        return inner;
                    }
                }
            }
        }
        return null;
    }

    /** Whether the method returns a subtask, or a container or array of subtasks. */
    private static boolean handsTasksBack(ForkJoinModel model, CtExecutable<?> method) {
        return TaskHandOff.holdsTasks(model, method.getType());
    }

    /**
     * A join of a subtask in a statement after the loop: in the loop's block, or after an enclosing
     * statement of the same method ({@code if (dirs != null) { for (..) fork } for (..) join}).
     */
    private static CtInvocation<?> joinAfter(ForkJoinApi api, CtLoop loop) {
        for (CtElement statement = loop; statement.getParent() != null
                && !(statement.getParent() instanceof CtExecutable<?>); statement = statement.getParent()) {
            if (!(statement.getParent() instanceof CtBlock<?> block)) {
                continue;
            }
            List<CtStatement> statements = block.getStatements();
            int index = 0;
            while (index < statements.size() && statements.get(index) != statement) {
                index++; // by identity: Spoon's equals() is structural
            }
            for (int i = index + 1; i < statements.size(); i++) {
                for (CtInvocation<?> call : CodeScan.elementsIn(statements.get(i), CtInvocation.class)) {
                    if (api.isSubtaskResult(call)) {
                        return call;
                    }
                }
            }
        }
        return null;
    }
}
