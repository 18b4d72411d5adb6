package org.fjdoctor.refactorings.centralizedpooling;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.fjdoctor.analyzer.rules.centralizedpooling.Submission;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;

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
        return "The receiver is a ForkJoinPool read without side effects (a field, a local, commonPool()"
                + " or getPool()), so not evaluating it changes nothing; otherwise REVIEW.";
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
        SourceFile file = context.file(call);
        String argument = PoolCalls.argumentsText(file, call);
        String receiver = PoolCalls.isPrimary(task) ? argument : "(" + argument + ")";
        String replacement = receiver + ".invoke()";
        int start = call.getPosition().getSourceStart();
        int end = PoolCalls.callEnd(file, call);
        TextEdit edit = TextEdit.replace(file.path(), start, end, replacement);
        String title = "Invoke the task directly: " + replacement;
        if (PoolCalls.isPureRead(call.getTarget())) {
            return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.SAFE,
                    "ForkJoinPool.invoke(task) returns task.invoke()'s result; the pool expression is a plain"
                            + " read (or commonPool()/getPool()), so not evaluating it changes nothing, and the"
                            + " task now runs on this worker instead of round-tripping through the pool's"
                            + " submission queue.", List.of(edit)));
        }
        return Plan.of(new Fix(RULE, finding.fingerprint(), title, Safety.REVIEW,
                "The result is the same, but the pool expression '" + context.text(call.getTarget())
                        + "' would no longer be evaluated; check that it has no needed side effect.",
                List.of(edit)));
    }
}
