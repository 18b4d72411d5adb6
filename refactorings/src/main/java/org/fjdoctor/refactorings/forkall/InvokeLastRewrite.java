package org.fjdoctor.refactorings.forkall;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.TaskTimeline;
import org.fjdoctor.analyzer.rules.forkall.ForkAllMatch;
import org.fjdoctor.analyzer.rules.forkall.ForkAllRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.TypeNames;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtVariable;

/**
 * FJ8: the worker runs the last subtask itself instead of forking it and then waiting. In straight-line
 * code the last {@code t.fork()} becomes {@code t.invoke()} (its later {@code t.join()} then returns the
 * result at once); a loop that only forks prepared subtasks becomes one {@code invokeAll(tasks)}, which
 * forks all but one and runs that one in place. The other subtasks still run alongside.
 */
@AutoService(Refactoring.class)
public final class InvokeLastRewrite implements Refactoring {

    /** Calls on a task that only read or wait for it, and so cannot fork or run it a second time. */
    private static final Set<String> TASK_READS = Set.of("fork", "join", "quietlyJoin", "get", "getRawResult",
            "isDone", "isCompletedNormally", "isCompletedAbnormally", "getException");

    private static final String RULE = Refactoring.idOf(ForkAllRule.class);

    @Override
    public Class<? extends Rule> rule() {
        return ForkAllRule.class;
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(ForkAllMatch.class);
    }

    @Override
    public String summary() {
        return "Runs the last subtask in place: its fork() becomes invoke(), or a loop that only forks"
                + " prepared subtasks becomes one invokeAll(tasks), so the worker computes instead of only"
                + " waiting.";
    }

    @Override
    public String safeWhen() {
        return "The last task is a local created with new in this method and only forked and read there"
                + " (for the loop: the collection is created in this method and the join loop only joins);"
                + " otherwise REVIEW. The other subtasks still run alongside; only exceptions surface in"
                + " another order.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        ForkAllMatch match = context.match(finding, ForkAllMatch.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        if (match.firstJoin() == null) {
            return Plan.manual("the task forks every subtask and ends without joining them (a completer, or forks"
                    + " nobody waits for); run the last subtask in place by hand, keeping how completion is signalled");
        }
        return match.isLoop() ? planLoop(finding, context, match) : planStraight(finding, context, match);
    }

    private static Plan planStraight(Finding finding, RefactoringContext context, ForkAllMatch match) {
        SourceFile file = context.file(match.lastFork());
        CtInvocation<?> fork = match.lastFork();
        String task = context.text(fork.getTarget());
        TextEdit edit = TextEdit.replace(file.path(), fork.getTarget().getPosition().getSourceEnd() + 1,
                SourceLines.callEnd(file.text(), fork), ".invoke()");
        String concern = freshLocalConcern(context.model(), match.lastTask(), fork);
        String title = "Run the last subtask here: " + task + ".invoke() instead of " + task + ".fork()";
        String effect = task + " now runs on this worker at once instead of waiting in its deque while the worker"
                + " joins " + context.text(match.firstJoin().getTarget()) + "; the subtasks forked before it still"
                + " run alongside it as before, and its join returns its result at once. Should it throw, its"
                + " exception now surfaces here, before the joins of the others.";
        if (concern != null) {
            return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.REVIEW,
                    "Needs a review: " + concern + ". " + effect, List.of(edit)));
        }
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.SAFE,
                task + " is a local task created in this method and only forked and read here, so invoking it"
                        + " runs it exactly once. " + effect, List.of(edit)));
    }

    /**
     * Why {@code task} may not be a fresh subtask that only this method forks and reads ({@code null} when
     * it is): a field or parameter may be forked or run elsewhere too, and invoke() would run it twice.
     */
    private static String freshLocalConcern(ForkJoinModel model, CtVariable<?> task, CtElement at) {
        if (!(task instanceof CtLocalVariable<?> local) || !(local.getDefaultExpression() instanceof CtConstructorCall<?> made)
                || !model.api().isTaskConstruction(made)) {
            return "'" + task.getSimpleName() + "' is not a local created in this method with new, so it may be"
                    + " forked or run elsewhere as well";
        }
        CtExecutable<?> method = at.getParent(CtExecutable.class);
        for (CtVariableAccess<?> use : CodeScan.elementsIn(method, CtVariableAccess.class)) {
            if (use.getVariable() == null || use.getVariable().getDeclaration() != local) {
                continue;
            }
            boolean read = use.getParent() instanceof CtInvocation<?> call && call.getTarget() == use
                    && TASK_READS.contains(call.getExecutable().getSimpleName());
            if (use instanceof CtVariableWrite<?> || !read) {
                return "'" + task.getSimpleName() + "' is also assigned, handed on or used otherwise in this method";
            }
        }
        return null;
    }

    private static Plan planLoop(Finding finding, RefactoringContext context, ForkAllMatch match) {
        CtForEach loop = (CtForEach) match.forkLoop();
        ForkJoinModel model = context.model();
        String taskClass = TypeNames.in(loop, TypeNames.frameworkAt(model, loop), Role.TASK);
        String invokeAll = TypeNames.invokeAll(model, loop, taskClass);
        CtVariable<?> tasks = TaskTimeline.taskVariable(loop.getExpression());
        boolean collection = loop.getExpression().getType() != null && (loop.getExpression().getType().isArray()
                || model.types().isSubtypeOf(loop.getExpression().getType(), "java.util.Collection"));
        if (invokeAll == null || tasks == null || !collection) {
            return Plan.manual("the loop does not iterate a plain array or collection variable that invokeAll could"
                    + " take (or a declaration hides ForkJoinTask here); fork all but one subtask and run that one"
                    + " with invoke() by hand");
        }
        SourceFile file = context.file(loop);
        String name = tasks.getSimpleName();
        TextEdit edit = TextEdit.replace(file.path(), loop.getPosition().getSourceStart(),
                loop.getPosition().getSourceEnd() + 1, invokeAll + "(" + name + ");");
        List<String> concerns = new ArrayList<>();
        if (!(tasks instanceof CtLocalVariable<?> local) || !(local.getDefaultExpression() instanceof CtConstructorCall<?>)) {
            concerns.add("'" + name + "' is not a collection this method creates, so it may hold tasks forked"
                    + " elsewhere, which invokeAll would run again");
        }
        boolean joinsOnly = CodeScan.elementsIn(match.joinLoop().getBody(), CtInvocation.class).stream()
                .allMatch(call -> model.api().isJoin(call) || model.api().isSubtaskResult(call));
        if (!joinsOnly) {
            concerns.add("the join loop does other work, which used to overlap with the subtasks still running and"
                    + " now runs after all of them completed");
        }
        String title = "Fork the subtasks with one " + invokeAll + "(" + name + ")";
        String effect = "invokeAll forks all but one of the subtasks and runs that one on this worker, then waits for"
                + " all; the join loop then reads the same results. If a subtask throws, invokeAll rethrows it (and"
                + " may cancel the others) before the join loop starts.";
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, concerns.isEmpty() ? Safety.SAFE : Safety.REVIEW,
                concerns.isEmpty() ? "'" + name + "' is a collection this method creates and the join loop only"
                        + " joins. " + effect : "Needs a review: " + String.join("; ", concerns) + ". " + effect,
                List.of(edit)));
    }

}
