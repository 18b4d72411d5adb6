package org.fjdoctor.refactorings.centralizedpooling;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.centralizedpooling.CentralizedPoolingRule;
import org.fjdoctor.analyzer.rules.centralizedpooling.Submission;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.Importer;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;

/**
 * FJ1: a {@code pool.execute(t);} or {@code pool.submit(t);} statement in task code becomes
 * {@code if (ForkJoinTask.getPool() == pool) { t.fork(); } else { pool.execute(t); }}. On a worker of
 * that pool, fork() pushes t onto the worker's own deque (the same pool runs it, without the central
 * submission queue); anywhere else the original submission runs unchanged. A {@code Runnable} or
 * {@code Callable} is forked as {@code ForkJoinTask.adapt(r)}; the receiver may be an
 * {@code ExecutorService} field that is set to a fork/join pool (an actor runtime's scheduler: the
 * study's Akka fix), as the guard forks only on a worker of that very pool. The fork changes when the
 * task runs (this worker runs its own deque before the pool's submission queue), which the reason says;
 * for a task resubmitting itself that undoes the turn it gives other work, so it is offered for review
 * (JAAC's lost message became likelier under it: docs/measurements.md, "JAAC hangs by itself").
 */
@AutoService(Refactoring.class)
public final class GuardedForkRewrite implements Refactoring {

    @Override
    public Class<? extends Rule> rule() {
        return CentralizedPoolingRule.class;
    }

    @Override
    public int priority() {
        return 20; // execute/submit: fork when already in the pool
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Submission.class);
    }

    @Override
    public String summary() {
        return "pool.execute(t); (or submit) becomes if (ForkJoinTask.getPool() == pool) { t.fork(); }"
                + " else { pool.execute(t); }: on a worker of that pool the task goes onto the worker's own"
                + " deque, everywhere else the original call runs. A Runnable or Callable is forked as"
                + " ForkJoinTask.adapt(r).";
    }

    @Override
    public String safeWhen() {
        return "The statement's result is unused and the pool and task expressions are plain reads (a"
                + " task expression with side effects is hoisted into a local first). Forking an adapted"
                + " Runnable in place of execute(r) is offered for review: the adapted task keeps an exception"
                + " that execute(r) reports to the worker's uncaught-exception handler. So is a task that resubmits"
                + " itself (this, or a new instance of its own class without arguments, as an actor's message loop"
                + " does to let other work run): forked, it stays on this worker, which runs its own deque before the pool's"
                + " submission queue.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        Submission match = context.match(finding, Submission.class).orElse(null);
        if (match == null || match.call().getArguments().size() != 1
                || !match.method().equals("execute") && !match.method().equals("submit")) {
            return Plan.none();
        }
        CtInvocation<?> call = match.call();
        String method = match.method();
        ForkJoinModel model = context.model();
        CtExpression<?> pool = match.pool();
        CtExpression<?> task = match.work();
        // The pool's own framework: a receiver typed as a pool, or an ExecutorService field set to one.
        Framework framework = model.api().isForkJoinPoolReceiver(call) || model.api().isCommonPoolReceiver(call)
                ? model.types().frameworkOf(model.api().receiverType(call)) : model.heldPoolFramework(pool);
        if (framework == null) {
            return Plan.manual("the receiver is an executor that nothing here sets to a ForkJoinPool, so no worker"
                    + " of it has a deque to fork onto; decide by hand whether the work belongs in the fork/join"
                    + " computation.");
        }
        if (framework == Framework.STREAMSUPPORT || framework == Framework.JDK && context.javaLevel(call) >= 9) {
            return Plan.manual("from Java 9 on (and in streamsupport's backport), execute/submit on a worker of the"
                    + " same pool already pushes the task onto that worker's own deque, which is all fork() would do;"
                    + " the rewrite only pays on Java 8 and the older jsr166 snapshots (jsr166y, Akka's, Scala's)."
                    + " What remains is a submission to another pool than the worker's own: decide by hand whether"
                    + " the work belongs there.");
        }
        boolean adapted = !model.types().isForkJoinTask(task.getType());
        if (adapted && !isRunnableOrCallable(model, task)) {
            return Plan.manual("the submitted work is neither a ForkJoinTask nor a Runnable/Callable this rewrite can"
                    + " adapt; make it a RecursiveAction and fork that by hand.");
        }
        if (!PoolCalls.isBlockStatement(call)) {
            return Plan.manual("the returned Future is used; fork() returns the task itself, review by hand.");
        }
        SourceFile file = context.file(call);
        int start = call.getPosition().getSourceStart();
        int end = SourceLines.statementEnd(file.text(), call);
        if (end < 0 || pool == null || pool.isImplicit()) {
            return Plan.none();
        }
        String comment = SourceLines.trailingComment(file.text(), end);
        // ForkJoinTask by its simple name where the file imports it, or can with a new import line.
        Importer importer = Importer.at(context, call);
        String fjt = importer.name(framework.packageName() + "." + Role.TASK.simpleName());
        if (fjt == null) {
            return Plan.manual("a declaration in this file hides ForkJoinTask, which the guard needs to name.");
        }
        String poolText = context.text(pool);
        // Off a worker getPool() is null and getPool().execute(..) throws: inForkJoinPool() keeps that.
        String guard = PoolCalls.isCurrentPool(pool) ? fjt + ".inForkJoinPool()" : fjt + ".getPool() == " + poolText;
        String indent = context.indentation(file, start);
        String unit = context.indentUnit(file);
        String nl = context.lineSeparator(file);
        boolean poolPure = PoolCalls.isPureRead(pool);

        // execute(r) reports what r throws to the worker's uncaught-exception handler; an adapted task keeps it.
        String lostException = adapted && method.equals("execute") ? " Unlike execute(..), the forked"
                + " ForkJoinTask.adapt(..) keeps an exception the work throws instead of reporting it to the worker's"
                + " uncaught-exception handler, and nothing joins it: check that the work handles its own exceptions."
                : "";
        // A task resubmitting itself as its continuation is offered for review: forking changes its turn.
        CtExpression<?> resubmitted = Continuations.of(task, model);
        boolean continuation = resubmitted != null;
        String order = order(context, resubmitted);
        if (poolPure && (PoolCalls.isPureRead(task) || adapted && isFunction(task))) {
            // continuation lines move in by one step with the statement
            String statement = SourceLines.indentFollowingLines(file.text().substring(start, end), unit);
            String forked = forked(fjt, adapted, task, PoolCalls.argumentsText(file, call), context);
            String replacement = guarded(guard, forked, statement + comment, indent, unit, nl);
            return Plan.of(new Fix(InvokeDirectlyRewrite.RULE, finding.fingerprint(),
                    "Fork the task when already running in " + poolText + ", submit otherwise",
                    lostException.isEmpty() && !continuation ? Safety.SAFE : Safety.REVIEW,
                    "On a worker of " + poolText + ", fork() schedules the task in that same pool through the"
                            + " worker's own deque; everywhere else the original " + method + "(..) runs as before."
                            + " Pool and task are plain reads, so evaluating them in the guard changes nothing."
                            + order + lostException,
                    withImports(importer, TextEdit.replace(file.path(), start, end + comment.length(), replacement))));
        }
        if (adapted) {
            return Plan.manual("the submitted work is an expression with effects; hoist it into a local of its"
                    + " Runnable/Callable type and fork ForkJoinTask.adapt(local) when on a worker of " + poolText
                    + " by hand.");
        }
        if (!(call.getParent() instanceof CtBlock<?> block) || block.isImplicit()) {
            return Plan.manual("the task expression has effects and the call is not in a block, so it cannot be"
                    + " hoisted into a local; rewrite by hand.");
        }
        String name = freshName(context, call, "task");
        // Before Java 10 there is no var: the task's own type may be generic or anonymous, the framework's is not.
        String local = context.javaLevel(call) >= 10 ? "var" : fjt + "<?>";
        String hoisted = local + " " + name + " = " + PoolCalls.argumentsText(file, call) + ";";
        String submit = poolText + "." + method + "(" + name + ");" + comment;
        String replacement = hoisted + nl + indent + guarded(guard, name + ".fork();", submit, indent, unit, nl);
        boolean safe = poolPure && PoolCalls.isStable(pool, task);
        String why = safe
                ? "The task expression is evaluated once, into a local, before the guard; the pool expression is"
                + " a read that this evaluation cannot change, so reading it afterwards gives the same pool. On a"
                + " worker of that pool fork() schedules the task in it through the worker's own deque; elsewhere"
                + " the original " + method + "(..) runs." + order
                : "The task is evaluated into a local before the pool expression '" + poolText + "' is; check that"
                + " evaluating the task cannot change which pool that expression yields." + order;
        return Plan.of(new Fix(InvokeDirectlyRewrite.RULE, finding.fingerprint(),
                "Fork the task when already running in " + poolText + ", submit otherwise",
                safe && !continuation ? Safety.SAFE : Safety.REVIEW, why,
                withImports(importer, TextEdit.replace(file.path(), start, end + comment.length(), replacement))));
    }

    private static final String OWN_DEQUE = " Forked, the task goes onto this worker's own deque, which this worker"
            + " runs (last in, first out, unless the pool is in async mode) before it takes work from the pool's"
            + " submission queue, as fork/join runs subtasks.";

    /**
     * What the fork changes in the order work runs: the task joins this worker's own deque; for a
     * continuation ({@link Continuations}) that keeps the actor on this worker, against the turn the
     * resubmission was written to give other work.
     */
    private static String order(RefactoringContext context, CtExpression<?> continuation) {
        if (continuation == null) {
            return OWN_DEQUE;
        }
        CtMethod<?> where = continuation.getParent(CtMethod.class);
        return " Needs a review: the task resubmits itself ('" + context.text(continuation) + "'"
                + (where == null ? "" : " in " + where.getSimpleName() + "()") + "), as an actor's message loop does"
                + " so that other work runs between its steps. Forked, it goes onto this worker's own deque, which the"
                + " worker runs before it looks at the pool's submission queue or at other workers' deques: the actor"
                + " keeps this worker, and work submitted to the pool waits longer unless another worker takes it."
                + " Check that nothing relies on the resubmission giving other tasks a turn.";
    }

    private static List<TextEdit> withImports(Importer importer, TextEdit edit) {
        List<TextEdit> edits = new ArrayList<>(importer.edits());
        edits.add(edit);
        return edits;
    }

    /** {@code t.fork();}, or for a Runnable/Callable {@code ForkJoinTask.adapt(r).fork();}. */
    private static String forked(String fjt, boolean adapted, CtExpression<?> task, String argument,
                                 RefactoringContext context) {
        if (adapted) {
            return fjt + ".adapt(" + argument + ").fork();";
        }
        return (PoolCalls.isPrimary(task) ? context.text(task) : "(" + argument + ")") + ".fork();";
    }

    /** A lambda or method reference: evaluating it has no effect, so the guard may repeat it. */
    private static boolean isFunction(CtExpression<?> task) {
        return task instanceof CtLambda<?> || task instanceof CtExecutableReferenceExpression<?, ?>;
    }

    private static boolean isRunnableOrCallable(ForkJoinModel model, CtExpression<?> task) {
        return isFunction(task) || model.types().isSubtypeOf(task.getType(), "java.lang.Runnable")
                || model.types().isSubtypeOf(task.getType(), "java.util.concurrent.Callable");
    }

    private static String guarded(String guard, String then, String otherwise, String indent, String unit, String nl) {
        return "if (" + guard + ") {" + nl
                + indent + unit + then + nl
                + indent + "} else {" + nl
                + indent + unit + otherwise + nl
                + indent + "}";
    }

    /** A local name the enclosing method does not mention anywhere, so it shadows and clashes with nothing. */
    private static String freshName(RefactoringContext context, CtElement at, String base) {
        CtExecutable<?> executable = at.getParent(CtExecutable.class);
        String text = executable == null || !executable.getPosition().isValidPosition()
                ? context.file(at).text() : context.text(executable);
        String name = base;
        for (int i = 2; Pattern.compile("\\b" + name + "\\b").matcher(text).find(); i++) {
            name = base + i;
        }
        return name;
    }
}
