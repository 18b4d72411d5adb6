package org.fjdoctor.refactorings.centralizedpooling;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.fjdoctor.analyzer.rules.centralizedpooling.Submission;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.Importer;
import org.fjdoctor.refactorings.imports.TypeNames;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtElement;

/**
 * FJ1: {@code pool.invoke(sub)} in task code becomes {@code sub.invoke()}. {@code ForkJoinPool.invoke}
 * returns the task's result, exactly what {@code ForkJoinTask.invoke()} returns, but runs the task on
 * the current worker instead of through the pool's submission queue and a blocking wait.
 */
@AutoService(Refactoring.class)
public final class InvokeDirectlyRewrite implements Refactoring {

    static final String RULE = Refactoring.idOf(CentralizedPoolingRule.class);

    @Override
    public Class<? extends Rule> rule() {
        return CentralizedPoolingRule.class;
    }

    @Override
    public int priority() {
        return 10; // pool.invoke(task): the task runs in place
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Submission.class);
    }

    @Override
    public String summary() {
        return "Invokes the task directly: pool.invoke(sub) becomes sub.invoke(), so the subtask runs on"
                + " the current worker instead of going through the pool's submission queue.";
    }

    @Override
    public String safeWhen() {
        return "The receiver is getPool(), the pool of the worker running this code, so the work stays in the"
                + " same pool; any other pool (a field, a local, commonPool()) may not be the one this task code"
                + " runs in, so the fix is REVIEW. In a method outside task classes that task code reaches through"
                + " calls (ordinary threads may call it too) the task runs in place only on a worker of that very"
                + " pool (ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool ? task.invoke() :"
                + " pool.invoke(task)), which is SAFE when pool and task are plain reads and the call is a value.";
    }

    /** {@code getPool()}/{@code ForkJoinTask.getPool()}: the pool of the worker that runs this code. */
    private static boolean isCurrentPool(CtExpression<?> pool, ForkJoinModel model) {
        return pool instanceof CtInvocation<?> call && Apis.CURRENT_POOL.matches(call, model.types());
    }

    /**
     * Code reached from task code through calls (not an entry: a task's compute(), or a lambda handed to
     * a pool) that no task class declares: a helper other code calls as well.
     */
    private static boolean isHelperOutsideTasks(CtInvocation<?> call, ForkJoinModel model) {
        Reach reach = model.reachOf(call);
        return reach != null && reach.depth() > 0 && !model.types().isInTaskClass(call);
    }

    private static final String HELPER = "this invoke(..) is in a method outside any task class that task code"
            + " reaches through calls, so ordinary threads may call it too (agutsul/chess' tests call such a method"
            + " with a mock pool); running the task in place would run it on those threads instead of in the pool"
            + " they chose";

    /**
     * In a helper outside task classes, the task runs in place only on a worker of that very pool:
     * {@code ForkJoinTask.inForkJoinPool() && ForkJoinTask.getPool() == pool ? task.invoke() : pool.invoke(task)}.
     * Both branches give the task's result; the pool and task expressions must be plain reads (evaluated
     * twice or not at all), and the call a value (a conditional is no statement).
     */
    private static Plan guarded(Finding finding, RefactoringContext context, CtInvocation<?> call, CtExpression<?> task) {
        CtExpression<?> pool = call.getTarget();
        if (pool == null || !PoolCalls.isPureRead(pool) || pool instanceof CtThisAccess<?> || !PoolCalls.isPureRead(task)) {
            return Plan.manual(HELPER + ". Run it in place only where ForkJoinTask.getPool() is that pool, by hand"
                    + " (the pool or the task is not a plain read of a variable or field, so it cannot be named twice).");
        }
        if (!isWholeValue(call)) {
            return Plan.manual(HELPER + ". Run it in place only where ForkJoinTask.getPool() is that pool, by hand"
                    + " (the call is not the whole value of a variable, a return or an argument, and a conditional"
                    + " expression there would be a statement, change the cast or bind differently).");
        }
        Importer importer = Importer.at(context, call);
        String taskClass = importer.name(TypeNames.frameworkAt(context.model(), call).qualified(Role.TASK));
        if (taskClass == null) {
            return Plan.manual(HELPER + "; a declaration in this file hides ForkJoinTask, which the guard names.");
        }
        SourceFile file = context.file(call);
        String poolText = context.text(pool);
        String taskText = PoolCalls.argumentsText(file, call);
        String guard = taskClass + ".inForkJoinPool() && " + taskClass + ".getPool() == " + poolText + " ? "
                + taskText + ".invoke() : " + poolText + ".invoke(" + taskText + ")";
        List<TextEdit> edits = new ArrayList<>(importer.edits());
        edits.add(TextEdit.replace(file.path(), call.getPosition().getSourceStart(), PoolCalls.callEnd(file, call), guard));
        return Plan.of(new Fix(RULE, finding.fingerprint(), "Invoke the task directly on a worker of " + poolText,
                Safety.SAFE, "On a worker of '" + poolText + "' the task now runs in place, which is what "
                        + poolText + ".invoke(" + taskText + ") amounts to there, with the same result and without the"
                        + " round trip through the pool's submission queue; on any other thread (another pool's"
                        + " worker, main, a test with a mock pool) the call is unchanged. The pool and the task are"
                        + " plain reads, so naming them twice evaluates nothing new.", List.copyOf(edits)));
    }

    /**
     * The call is the whole initializer or assigned value of a variable, a returned value or an argument
     * ({@link #plan} refuses a cast call first): there a conditional binds as the call did. (Identity, not
     * {@code equals}: Spoon compares elements by content, and {@code pool.invoke(t).compareTo(pool.invoke(t))}
     * has two equal calls.)
     */
    private static boolean isWholeValue(CtInvocation<?> call) {
        CtElement parent = call.getParent();
        return parent instanceof CtLocalVariable<?> local && local.getDefaultExpression() == call
                || parent instanceof CtAssignment<?, ?> assignment && !(assignment instanceof CtOperatorAssignment<?, ?>)
                && assignment.getAssignment() == call
                || parent instanceof CtReturn<?> returned && returned.getReturnedExpression() == call
                || parent instanceof CtAbstractInvocation<?> invocation
                && invocation.getArguments().stream().anyMatch(argument -> argument == call);
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        Submission match = context.match(finding, Submission.class).orElse(null);
        if (match == null || !match.method().equals("invoke") || match.call().getArguments().size() != 1) {
            return Plan.none();
        }
        CtInvocation<?> call = match.call();
        ForkJoinModel model = context.model();
        CtExpression<?> task = match.work();
        if (!model.api().isForkJoinPoolReceiver(call) && !model.api().isCommonPoolReceiver(call)) {
            return Plan.manual("invoke(..) is called on an executor that is not known to be a ForkJoinPool;"
                    + " running the task in place would change which threads run it. Rewrite by hand.");
        }
        if (!model.types().isForkJoinTask(task.getType())) {
            return Plan.manual("the invoked work is not a ForkJoinTask, so it has no invoke() of its own;"
                    + " make it a RecursiveTask/RecursiveAction by hand.");
        }
        if (!call.getTypeCasts().isEmpty()) {
            return Plan.manual("the call's value is cast ((T) pool.invoke(task)); rewrite it by hand, keeping the cast.");
        }
        SourceFile file = context.file(call);
        if (!isCurrentPool(call.getTarget(), model) && isHelperOutsideTasks(call, model)) {
            return guarded(finding, context, call, task);
        }
        String argument = PoolCalls.argumentsText(file, call);
        String receiver = PoolCalls.isPrimary(task) ? argument : "(" + argument + ")";
        String replacement = receiver + ".invoke()";
        int start = call.getPosition().getSourceStart();
        int end = PoolCalls.callEnd(file, call);
        TextEdit edit = TextEdit.replace(file.path(), start, end, replacement);
        String title = "Invoke the task directly: " + replacement;
        if (isCurrentPool(call.getTarget(), model)) {
            return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.SAFE,
                    "ForkJoinPool.invoke(task) returns task.invoke()'s result, and the pool is getPool(), the one"
                            + " this worker belongs to, so the task and the subtasks it forks run in the same pool as"
                            + " before; it now runs on this worker instead of round-tripping through the pool's"
                            + " submission queue.", List.of(edit)));
        }
        String effects = PoolCalls.isPureRead(call.getTarget()) ? ""
                : " The pool expression '" + context.text(call.getTarget()) + "' would no longer be evaluated;"
                        + " check that it has no needed side effect.";
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.REVIEW,
                "The result is the same, but the task now runs on the current worker, and the subtasks it forks"
                        + " go to the pool that runs this code, which need not be '" + context.text(call.getTarget())
                        + "' (another parallelism, thread factory or purpose); called from a thread that is no"
                        + " pool's worker (main, a request thread), the task runs on that thread and its forks go to"
                        + " the common pool. A worker of another pool that waited in '" + context.text(call.getTarget())
                        + "'.invoke(..) also made its own pool add spare workers; running the task in place ends"
                        + " those, so a pool of low parallelism may then run on fewer threads (less CPU, possibly"
                        + " more time): measure at the thread counts you use. Check that this code only runs in"
                        + " that pool." + effects, List.of(edit)));
    }
}
