package org.fjdoctor.analyzer.rules.forkall;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Fork and join loops written as functions over a collection of subtasks: {@code tasks.forEach(ForkJoinTask::fork)}
 * or {@code tasks.forEach(t -> t.fork())} is a loop that forks every element, {@code tasks.forEach(ForkJoinTask::join)},
 * {@code tasks.forEach(t -> results.add(t.join()))} or {@code tasks.stream().map(ForkJoinTask::join)} one that joins
 * them in the collection's order. A collection that neither statement changes is walked in the same order twice,
 * so such a join pass joins in fork order. A sequential pipeline that maps each element through a fork and then a
 * join ({@code .map(ForkJoinTask::fork).map(ForkJoinTask::join)}) forks and joins one subtask at a time; one that
 * maps each element through a fork and collects the result ({@code map(x -> new Sub(x).fork()).collect(..)}) is a
 * fork pass filling the collection it returns.
 */
public final class ForEachForks {

    /**
     * A fork pass over {@code tasks} and the statement right after it (past declarations) that joins them. The
     * fork pass is a {@code forEach} ({@code forkLoop} is {@code null}) or a loop that forks each subtask it
     * adds to {@code tasks} ({@code fork} is the loop's fork call): a {@link CtLoop}, or a sequential {@code
     * forEach} whose lambda does what such a loop's body does ({@code links.forEach(l -> { t = new T(l);
     * t.fork(); tasks.add(t); })}), or the declaration of {@code tasks} as a pipeline that forks and collects them.
     */
    public record Passes(CtInvocation<?> fork, CtInvocation<?> join, CtVariable<?> tasks, CtStatement forkLoop) {

        /** How a report names the fork pass that {@code forkLoop} is: "loop" or "forEach". */
        public String forkPassKind() {
            return forkLoop instanceof CtLoop ? "loop" : forkLoop instanceof CtLocalVariable<?> ? "pipeline" : "forEach";
        }
    }

    private static final Set<String> JOINS = Set.of("join", "quietlyJoin", "get");
    /** Stream steps that hand each element to their function in encounter order. */
    private static final Set<String> EACH_ELEMENT = Set.of("forEach", "forEachOrdered", "map", "mapToInt",
            "mapToLong", "mapToDouble", "peek");

    private ForEachForks() {
    }

    /** Every fork pass of the model's task code followed at once by a join pass over the same subtasks. */
    public static List<Passes> in(ForkJoinModel model) {
        List<Passes> found = new ArrayList<>();
        for (CtBlock<?> block : model.taskCodeElements(CtBlock.class)) {
            List<CtStatement> statements = block.getStatements();
            for (int i = 0; i + 1 < statements.size(); i++) {
                CtInvocation<?> fork = forkPass(model, statements.get(i));
                CtLocalVariable<?> collected = fork == null && statements.get(i) instanceof CtLocalVariable<?> local
                        ? local : null;
                CtInvocation<?> forkInPipeline = collected == null ? null : forkCollected(model, collected.getDefaultExpression());
                CtVariable<?> tasks = fork != null ? collection(fork) : forkInPipeline != null ? collected : null;
                int next = i + 1;
                while (next + 1 < statements.size() && idle(statements.get(next))) {
                    next++;
                }
                CtInvocation<?> join = tasks == null ? null : joinPass(model, statements.get(next), tasks);
                if (join != null) {
                    found.add(fork != null ? new Passes(fork, join, tasks, null)
                            : new Passes(forkInPipeline, join, tasks, collected));
                }
            }
            for (int i = 1; i < statements.size(); i++) {
                Passes afterLoop = afterForkLoop(model, statements, i);
                if (afterLoop != null) {
                    found.add(afterLoop);
                }
            }
        }
        return found;
    }

    /**
     * A join pass at {@code statements[at]} over the collection that the loop just before it (also as the last
     * statement of a {@code try} or {@code if} just before it) fills with the subtasks it forks, when the worker
     * does nothing of its own in between ({@link OnlyWaits}). The fork loop may be a sequential {@code forEach}
     * whose lambda creates, forks and adds each subtask; after such a pass a plain join loop ({@code for (T t :
     * tasks) t.join();}) counts as well, which {@code ForkLoops} and {@code JoinLoops} see only after a
     * {@link CtLoop}.
     */
    private static Passes afterForkLoop(ForkJoinModel model, List<CtStatement> statements, int at) {
        CtInvocation<?> join = null;
        for (CtInvocation<?> call : CodeScan.elementsIn(statements.get(at), CtInvocation.class)) {
            if (join == null && eachElement(call) && joins(model, call.getArguments().get(0)) && collection(call) != null) {
                join = call;
            }
        }
        CtInvocation<?> loopJoin = join == null ? joinLoopOver(model, statements.get(at)) : null;
        CtStatement before = join == null && loopJoin == null ? null : forkPassBefore(statements, at);
        while (before instanceof CtTry || before instanceof CtIf) {
            CtStatement body = before instanceof CtTry attempt ? attempt.getBody() : ((CtIf) before).getThenStatement();
            before = body instanceof CtBlock<?> block && !block.getStatements().isEmpty()
                    ? block.getStatements().get(block.getStatements().size() - 1) : null;
        }
        CtElement forkBody = before instanceof CtLoop loop && join != null ? loop.getBody()
                : before instanceof CtInvocation<?> pass ? sequentialForEachBody(pass) : null;
        if (forkBody == null) {
            return null;
        }
        if (join == null) {
            join = loopJoin;
        }
        CtVariable<?> tasks = join == loopJoin ? ((CtVariableRead<?>) ((CtForEach) statements.get(at)).getExpression())
                .getVariable().getDeclaration() : collection(join);
        CtInvocation<?> fork = forkAddedTo(model, forkBody, tasks);
        if (fork == null) {
            fork = HelperForks.forkAddedInHelper(model, forkBody, tasks);
        }
        return fork != null && OnlyWaits.between(model, before, statements.get(at)) ? new Passes(fork, join, tasks, before) : null;
    }

    /**
     * The last loop or {@code forEach} statement before {@code statements[at]} (or the statement just before it):
     * what lies between is for {@link OnlyWaits#between} to judge.
     */
    private static CtStatement forkPassBefore(List<CtStatement> statements, int at) {
        for (int i = at - 1; i >= 0; i--) {
            CtStatement statement = statements.get(i);
            if (statement instanceof CtLoop || statement instanceof CtTry || statement instanceof CtIf
                    || statement instanceof CtInvocation<?> call && eachElement(call)) {
                return statement;
            }
        }
        return statements.get(at - 1);
    }

    /**
     * The body of {@code source.forEach(x -> { .. })} (or a sequential stream's {@code forEach}/{@code
     * forEachOrdered}) as a statement: it runs on this thread for one element after another, like a loop's
     * body. {@code null} for a parallel pipeline, whose lambda runs on other threads.
     */
    private static CtElement sequentialForEachBody(CtInvocation<?> pass) {
        if (!eachElement(pass) || !pass.getExecutable().getSimpleName().startsWith("forEach")
                || !(pass.getArguments().get(0) instanceof CtLambda<?> lambda) || lambda.getParameters().size() != 1) {
            return null;
        }
        for (CtExpression<?> step = pass.getTarget(); step instanceof CtInvocation<?> call; step = call.getTarget()) {
            String name = call.getExecutable() == null ? "" : call.getExecutable().getSimpleName();
            if (name.equals("parallel") || name.equals("parallelStream")) {
                return null;
            }
        }
        return lambda.getBody() != null ? lambda.getBody() : lambda.getExpression();
    }

    /** The join in {@code for (T t : tasks) { .. t.join() .. }} that {@code statement} is, or {@code null}. */
    private static CtInvocation<?> joinLoopOver(ForkJoinModel model, CtStatement statement) {
        if (!(statement instanceof CtForEach loop) || !(loop.getExpression() instanceof CtVariableRead<?> tasks)
                || tasks.getVariable() == null || tasks.getVariable().getDeclaration() == null) {
            return null;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(loop.getBody(), CtInvocation.class)) {
            if (call.getExecutable() != null && JOINS.contains(call.getExecutable().getSimpleName())
                    && call.getArguments().isEmpty() && call.getTarget() instanceof CtVariableRead<?> task
                    && task.getVariable() != null && task.getVariable().getDeclaration() == loop.getVariable()
                    && onTask(model, call.getExecutable(), JOINS)) {
                return call;
            }
        }
        return null;
    }

    /**
     * Whether the join pass walks the subtasks in the order they were forked: a forEach fork pass walks the same
     * unchanged collection; a fork loop adds them in fork order, which a {@code List} (or a {@code new}
     * insertion-ordered collection) keeps and a {@code HashSet} does not.
     */
    public static boolean joinsInForkOrder(ForkJoinModel model, Passes passes) {
        if (passes.forkLoop() == null) {
            return true;
        }
        CtVariable<?> tasks = passes.tasks();
        return tasks.getType() != null && model.types().isSubtypeOf(tasks.getType(), "java.util.List")
                || tasks.getDefaultExpression() instanceof CtConstructorCall<?> made && made.getType() != null
                && INSERTION_ORDERED.contains(made.getType().getQualifiedName());
    }

    private static final Set<String> INSERTION_ORDERED = Set.of("java.util.ArrayList", "java.util.LinkedList",
            "java.util.LinkedHashSet", "java.util.ArrayDeque", "java.util.concurrent.CopyOnWriteArrayList");

    /** The loop body's {@code task.fork()} of a local {@code task} the body also adds to {@code tasks}, or {@code null}. */
    static CtInvocation<?> forkAddedTo(ForkJoinModel model, CtElement body, CtVariable<?> tasks) {
        Set<CtVariable<?>> added = new HashSet<>();
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            if (call.getExecutable() != null && call.getExecutable().getSimpleName().equals("add")
                    && call.getArguments().size() == 1 && call.getTarget() instanceof CtVariableRead<?> list
                    && list.getVariable() != null && list.getVariable().getDeclaration() == tasks
                    && call.getArguments().get(0) instanceof CtVariableRead<?> task && task.getVariable() != null) {
                added.add(task.getVariable().getDeclaration());
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            if (model.api().isFork(call) && call.getTarget() instanceof CtVariableRead<?> task && task.getVariable() != null
                    && added.contains(task.getVariable().getDeclaration())) {
                return call;
            }
        }
        return null;
    }

    /**
     * A sequential pipeline step that joins each element a step before it forked: {@code
     * tasks.stream().map(ForkJoinTask::fork).map(ForkJoinTask::join)}. Streams are lazy, so every element is
     * forked and at once joined before the next one is forked. {@code null} when {@code join} is no such step.
     */
    public static CtInvocation<?> forkedEarlierInPipeline(ForkJoinModel model, CtInvocation<?> join) {
        if (!eachElement(join) || !joins(model, join.getArguments().get(0))) {
            return null;
        }
        for (CtExpression<?> step = join.getTarget(); step instanceof CtInvocation<?> call; step = call.getTarget()) {
            String name = call.getExecutable() == null ? "" : call.getExecutable().getSimpleName();
            if (name.equals("map") && call.getArguments().size() == 1 && forks(model, call.getArguments().get(0))) {
                return call;
            }
            if (!LAZY_STEPS.contains(name)) {
                // a terminal (collect, toList) or a sort forks them all before the joins; parallel() is not lazy per element
                return null;
            }
        }
        return null;
    }

    /** Steps that pass each element on before taking the next, in a sequential pipeline. */
    private static final Set<String> LAZY_STEPS = Set.of("map", "filter", "peek", "mapToObj", "boxed", "limit", "skip");

    /** A declaration that runs no code: {@code List<R> all = new ArrayList<>();} between the passes. */
    private static boolean idle(CtStatement statement) {
        return statement instanceof CtLocalVariable<?> local
                && CodeScan.elementsIn(local, CtInvocation.class).isEmpty();
    }

    /** {@code tasks.forEach(fork)} or {@code tasks.stream().forEach(fork)} as the whole statement. */
    private static CtInvocation<?> forkPass(ForkJoinModel model, CtStatement statement) {
        if (statement instanceof CtInvocation<?> call && eachElement(call)
                && call.getExecutable().getSimpleName().startsWith("forEach")
                && forks(model, call.getArguments().get(0))) {
            return call;
        }
        return null;
    }

    /**
     * The fork of a sequential pipeline whose {@code map} step forks each element ({@code ForkJoinTask::fork}, {@code
     * t -> t.fork()}) or creates and forks a subtask per element ({@code x -> new Sub(x).fork()}), and whose terminal
     * collects the forked subtasks ({@code collect(..)}, {@code toList()}): the terminal pulls every element through
     * the map before anything else runs, so the statement is a fork pass filling the collection it returns.
     */
    private static CtInvocation<?> forkCollected(ForkJoinModel model, CtExpression<?> pipeline) {
        String terminal = pipeline instanceof CtInvocation<?> last && last.getExecutable() != null
                ? last.getExecutable().getSimpleName() : "";
        if (!terminal.equals("collect") && !terminal.equals("toList")) {
            return null;
        }
        CtInvocation<?> fork = null;
        for (CtExpression<?> step = ((CtInvocation<?>) pipeline).getTarget(); step instanceof CtInvocation<?> call;
                step = call.getTarget()) {
            String name = call.getExecutable() == null ? "" : call.getExecutable().getSimpleName();
            if (name.equals("parallel") || name.equals("parallelStream")) {
                return null; // the map runs on other threads, each fork from whichever worker took the element
            }
            if (fork == null && name.equals("map") && call.getArguments().size() == 1) {
                CtExpression<?> function = call.getArguments().get(0);
                fork = forks(model, function) ? (function instanceof CtLambda<?> ? onlyCall(function) : call)
                        : createsAndForks(model, function);
            }
        }
        return fork;
    }

    /** The fork of {@code x -> new Sub(x).fork()}: a lambda whose one call forks a subtask it creates right there. */
    private static CtInvocation<?> createsAndForks(ForkJoinModel model, CtExpression<?> function) {
        CtInvocation<?> only = onlyCall(function);
        return only != null && only.getArguments().isEmpty() && only.getTarget() instanceof CtConstructorCall<?>
                && onTask(model, only.getExecutable(), Set.of("fork")) ? only : null;
    }

    /** A step of {@code statement} that joins each element of {@code tasks}, walked from the collection itself. */
    private static CtInvocation<?> joinPass(ForkJoinModel model, CtStatement statement, CtVariable<?> tasks) {
        for (CtInvocation<?> call : CodeScan.elementsIn(statement, CtInvocation.class)) {
            if (eachElement(call) && joins(model, call.getArguments().get(0)) && collection(call) == tasks) {
                return call;
            }
        }
        return null;
    }

    private static boolean eachElement(CtInvocation<?> call) {
        return call.getExecutable() != null && EACH_ELEMENT.contains(call.getExecutable().getSimpleName())
                && call.getArguments().size() == 1;
    }

    /**
     * The collection a pass walks: {@code tasks} of {@code tasks.forEach(..)} or {@code tasks.stream()..}, through
     * steps that keep the order of its elements; {@code null} for anything else.
     */
    private static CtVariable<?> collection(CtInvocation<?> pass) {
        CtExpression<?> source = pass.getTarget();
        while (source instanceof CtInvocation<?> step && step.getExecutable() != null
                && ORDERED_STEPS.contains(step.getExecutable().getSimpleName())) {
            source = step.getTarget();
        }
        return source instanceof CtVariableRead<?> read && read.getVariable() != null
                ? read.getVariable().getDeclaration() : null;
    }

    private static final Set<String> ORDERED_STEPS = Set.of("stream", "filter", "peek", "map");

    /** {@code ForkJoinTask::fork}, {@code Sub::fork} or {@code t -> t.fork()}. */
    static boolean forks(ForkJoinModel model, CtExpression<?> function) {
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            return onTask(model, reference.getExecutable(), Set.of("fork"));
        }
        CtInvocation<?> only = onlyCall(function);
        return only != null && isForkOfParameter(model, (CtLambda<?>) function, only, Set.of("fork"));
    }

    /** {@code ForkJoinTask::join}, or a lambda that joins its parameter ({@code t -> results.addAll(t.join())}). */
    static boolean joins(ForkJoinModel model, CtExpression<?> function) {
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            return onTask(model, reference.getExecutable(), JOINS);
        }
        if (!(function instanceof CtLambda<?> lambda) || lambda.getParameters().size() != 1) {
            return false;
        }
        return CodeScan.elementsIn(lambda, CtInvocation.class).stream()
                .anyMatch(call -> isForkOfParameter(model, lambda, call, JOINS));
    }

    private static boolean isForkOfParameter(ForkJoinModel model, CtLambda<?> lambda, CtInvocation<?> call,
                                             Set<String> names) {
        if (lambda.getParameters().size() != 1 || !call.getArguments().isEmpty()
                || !(call.getTarget() instanceof CtVariableRead<?> read) || read.getVariable() == null) {
            return false;
        }
        CtParameter<?> parameter = lambda.getParameters().get(0);
        return read.getVariable().getDeclaration() == parameter && onTask(model, call.getExecutable(), names);
    }

    private static boolean onTask(ForkJoinModel model, CtExecutableReference<?> method, Set<String> names) {
        if (method == null || !names.contains(method.getSimpleName())) {
            return false;
        }
        CtTypeReference<?> owner = method.getDeclaringType();
        return owner != null && model.types().isForkJoinTask(owner);
    }

    /** The lambda's one call: its expression, or the only statement of its block. */
    private static CtInvocation<?> onlyCall(CtExpression<?> function) {
        if (!(function instanceof CtLambda<?> lambda)) {
            return null;
        }
        if (lambda.getExpression() instanceof CtInvocation<?> call) {
            return call;
        }
        if (lambda.getBody() != null && lambda.getBody().getStatements().size() == 1) {
            CtStatement only = lambda.getBody().getStatement(0);
            return only instanceof CtInvocation<?> call ? call
                    : only instanceof CtReturn<?> ret && ret.getReturnedExpression() instanceof CtInvocation<?> call
                    ? call : null;
        }
        return null;
    }
}
