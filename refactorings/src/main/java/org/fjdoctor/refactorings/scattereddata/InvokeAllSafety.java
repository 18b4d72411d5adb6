package org.fjdoctor.refactorings.scattereddata;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtArrayAccess;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtBreak;
import spoon.reflect.code.CtCase;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtContinue;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * Why forking a loop's subtasks after the loop (all at once, or with one invokeAll when the joins follow)
 * might not behave like forking each in its iteration. An empty list means the rewrite is proven: every
 * task the loop forked is exactly one element of a JDK collection, nothing in the loop observes the tasks
 * running, and the loop cannot leave with tasks forked but never collected.
 */
final class InvokeAllSafety {

    /** Collections whose add/iteration the JDK defines: invokeAll sees exactly the added tasks. */
    private static final Set<String> FRESH_COLLECTIONS = Set.of("java.util.ArrayList", "java.util.LinkedList",
            "java.util.ArrayDeque", "java.util.Vector", "java.util.Stack");
    private static final Set<String> LISTS = Set.of("java.util.ArrayList", "java.util.LinkedList", "java.util.Vector",
            "java.util.Stack");
    /** Declared types through which add(x) appends, so that subList(size before, size after) is the loop's tasks. */
    private static final Set<String> LIST_TYPES = Set.of("java.util.List", "java.util.ArrayList", "java.util.LinkedList",
            "java.util.Vector", "java.util.Stack", "java.util.AbstractList");
    /** Task calls that wait for a forked task. */
    private static final Set<String> WAITS = Set.of("join", "quietlyJoin", "get", "invoke", "quietlyInvoke",
            "invokeAll", "helpQuiesce");
    /** Task calls that observe or wait for a forked task. */
    private static final Set<String> OBSERVERS = Set.of("join", "quietlyJoin", "invoke", "quietlyInvoke", "get",
            "getRawResult", "isDone", "isCompletedNormally", "isCompletedAbnormally", "isCancelled", "cancel",
            "tryUnfork", "helpQuiesce", "invokeAll", "getException", "quietlyComplete", "complete");

    private InvokeAllSafety() {
    }

    /**
     * Reasons the rewrite needs a review; none when it is proven. Whether the collection holds only the
     * loop's tasks, and whether the joins follow the loop, decide which rewrite it is ({@link #emptyAtLoop},
     * {@link #joinsFollow}), not its safety.
     */
    static List<String> concerns(ForkLoop shape, ForkJoinModel model) {
        List<String> concerns = new ArrayList<>();
        if (shape.collection == null) {
            concerns.add("the loop keeps no collection of its subtasks, so the joins after it reach them some"
                    + " other way; the rewrite collects them in a new list and forks them right after the loop");
        } else {
            collectionConcerns(shape, concerns);
        }
        taskConcerns(shape, concerns);
        bodyConcerns(shape, model, concerns);
        return concerns;
    }

    /** How the loop's own tasks can be told apart in its collection when they are forked after the loop. */
    enum Group {
        /** The collection holds only the loop's tasks: iterate it. */
        WHOLE,
        /** A list the loop appends to: its tasks are {@code subList(size before the loop, size after)}. */
        APPENDED,
        /** Neither: forking "the loop's tasks" could fork a task twice. */
        MIXED
    }

    static Group group(ForkLoop shape) {
        if (shape.collection == null || emptyAtLoop(shape)) {
            return Group.WHOLE;
        }
        String add = shape.add.getExecutable().getSimpleName();
        CtLocalVariable<?> collection = shape.collection;
        boolean list = collection.isInferred() ? isJdkCollection(collection)
                && LISTS.contains(collection.getDefaultExpression().getType().getQualifiedName())
                : collection.getType() != null && LIST_TYPES.contains(collection.getType().getQualifiedName());
        return list && (add.equals("add") || add.equals("addLast")) ? Group.APPENDED : Group.MIXED;
    }

    /**
     * Whether the collection is a JDK collection created empty before the loop, in its block or an enclosing
     * one that is reached through no other loop, lambda or class, and nothing uses it before the loop: when
     * the loop starts it holds none but the loop's tasks.
     */
    static boolean emptyAtLoop(ForkLoop shape) {
        CtLocalVariable<?> collection = shape.collection;
        if (!isJdkCollection(collection) || !(collection.getParent() instanceof CtBlock<?> declaring)) {
            return false;
        }
        CtConstructorCall<?> creation = (CtConstructorCall<?>) collection.getDefaultExpression();
        if (!(creation.getArguments().isEmpty()
                || creation.getArguments().size() == 1 && isInt(creation.getArguments().get(0).getType()))) {
            return false;
        }
        for (CtElement up = shape.loop.getParent(); up != declaring; up = up.getParent()) {
            if (up == null || up instanceof CtLoop || up instanceof CtLambda<?> || up instanceof CtExecutable<?>
                    || up instanceof CtType<?> || up instanceof CtCase<?>) {
                return false;
            }
        }
        int loopStart = shape.loop.getPosition().getSourceStart();
        return ForkLoop.uses(declaring, collection).stream()
                .noneMatch(use -> use.getPosition().getSourceStart() < loopStart);
    }

    private static boolean isJdkCollection(CtLocalVariable<?> collection) {
        return collection.getDefaultExpression() instanceof CtConstructorCall<?> creation
                && FRESH_COLLECTIONS.contains(creation.getType().getQualifiedName());
    }

    private static void collectionConcerns(ForkLoop shape, List<String> concerns) {
        CtLocalVariable<?> collection = shape.collection;
        String name = collection.getSimpleName();
        if (!isJdkCollection(collection)) {
            concerns.add("'" + name + "' is not created as a JDK list or deque, so its add might not store exactly"
                    + " the task, once, at the end");
            return;
        }
        if (ForkLoop.uses(shape.body, collection).size() != 1) {
            concerns.add("the loop uses '" + name + "' for more than collecting its subtasks");
        }
        int loopEnd = shape.loop.getPosition().getSourceEnd();
        if (collection.getParent() == null || ForkLoop.uses(collection.getParent(), collection).stream()
                .noneMatch(use -> use.getPosition().getSourceStart() > loopEnd)) {
            concerns.add("no statement after the loop reads '" + name + "' to join the subtasks");
        }
    }

    /** The task must not be looked at after it was forked in the same iteration (it now runs later). */
    private static void taskConcerns(ForkLoop shape, List<String> concerns) {
        List<CtStatement> statements = shape.forkBlock.getStatements();
        int forkAt = ForkLoop.indexOf(shape.forkBlock, shape.forkStatement);
        CtStatement addStatement = shape.add == null ? null : ForkLoop.topLevelStatement(shape.forkBlock, shape.add);
        int addAt = addStatement == null ? forkAt : ForkLoop.indexOf(shape.forkBlock, addStatement);
        if (addAt < 0) {
            concerns.add("the subtask is added to its collection inside a nested statement");
            return;
        }
        if (shape.taskVariable != null) {
            for (int i = forkAt + 1; i < statements.size(); i++) {
                for (CtVariableAccess<?> use : ForkLoop.uses(statements.get(i), shape.taskVariable)) {
                    if (shape.add == null || use.getParent() != shape.add) {
                        concerns.add("the task '" + shape.taskVariable.getSimpleName() + "' is used after its"
                                + " fork in the same iteration, while it may already run");
                        return;
                    }
                }
            }
        }
        for (int i = Math.min(forkAt, addAt) + 1; i < Math.max(forkAt, addAt); i++) {
            if (!jumps(statements.get(i)).isEmpty()) {
                concerns.add("the iteration can skip from the fork to the next iteration before the task is"
                        + " collected, and such a task would no longer run at all");
                return;
            }
        }
    }

    private static void bodyConcerns(ForkLoop shape, ForkJoinModel model, List<String> concerns) {
        String pause = pauseIn(shape.body, model, PAUSE_DEPTH, Collections.newSetFromMap(new IdentityHashMap<>()));
        if (pause != null) {
            concerns.add("the loop waits between its forks (" + pause + "): each subtask starts while the loop"
                    + " still works or pauses, and forking them all after the loop would start them together only"
                    + " once it ends, which changes the pacing (a crawler's politeness delay, a rate limit) and can"
                    + " make the task slower");
        }
        for (CtElement jump : jumps(shape.body)) {
            boolean plainBreak = jump instanceof CtBreak brk && brk.getTargetLabel() == null;
            boolean plainContinue = jump instanceof CtContinue cont && cont.getTargetLabel() == null;
            if (!plainBreak && !plainContinue) {
                concerns.add("the loop can be left by return, throw or a labelled jump; the subtasks forked until"
                        + " then would not run at all after the rewrite");
                break;
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(shape.body, CtInvocation.class)) {
            if (call != shape.fork && OBSERVERS.contains(call.getExecutable().getSimpleName())
                    && (model.api().isSubtaskResult(call) || call.getTarget() == null
                    || model.types().isForkJoinTask(model.api().receiverType(call)))) {
                concerns.add("the loop body calls " + call.getExecutable().getSimpleName() + "() on a task, which"
                        + " may wait for or observe subtasks forked by earlier iterations");
                break;
            }
        }
    }

    /** How many calls deep a sleep, wait or blocking I/O in the fork loop is looked for. */
    private static final int PAUSE_DEPTH = 3;

    /** The first sleep, wait or blocking I/O call that {@code code} makes, directly or through source methods. */
    private static String pauseIn(CtElement code, ForkJoinModel model, int depth, Set<CtElement> seen) {
        for (CtInvocation<?> call : CodeScan.elementsIn(code, CtInvocation.class)) {
            Apis.Api api = model.libraryEffectOf(call);
            if (api != null) {
                return api.label();
            }
            if (depth > 0) {
                for (CtExecutable<?> target : model.callTargets(call)) {
                    if (seen.add(target)) {
                        String inner = pauseIn(target, model, depth - 1, seen);
                        if (inner != null) {
                            return ForkJoinModel.label(target) + " -> " + inner;
                        }
                    }
                }
            }
        }
        return null;
    }

    /** return/throw/break/continue in {@code root}, outside lambdas (whose jumps stay in the lambda). */
    private static List<CtElement> jumps(CtElement root) {
        List<CtElement> jumps = new ArrayList<>();
        for (CtStatement statement : CodeScan.elementsIn(root, CtStatement.class)) {
            if ((statement instanceof CtReturn<?> || statement instanceof CtThrow || statement instanceof CtBreak
                    || statement instanceof CtContinue) && !insideLambda(statement, root)) {
                jumps.add(statement);
            }
        }
        return jumps;
    }

    private static boolean insideLambda(CtElement element, CtElement root) {
        CtLambda<?> lambda = element.getParent(CtLambda.class);
        return lambda != null && lambda.hasParent(root);
    }

    /** The first statement after the loop that reads the collection, or -1. */
    static int joinIndex(ForkLoop shape) {
        List<CtStatement> statements = shape.outer.getStatements();
        for (int i = shape.loopIndex + 1; i < statements.size(); i++) {
            if (!ForkLoop.uses(statements.get(i), shape.collection).isEmpty()) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the joins follow the loop directly: the statements between only declare locals from
     * literals, locals and final fields, so no work of the task's own would wait for an invokeAll there.
     */
    static boolean joinsFollow(ForkLoop shape) {
        int join = joinIndex(shape);
        if (join < 0 || !joins(shape.outer.getStatements().get(join), shape.collection)) {
            return false;
        }
        for (int i = shape.loopIndex + 1; i < join; i++) {
            if (!(shape.outer.getStatements().get(i) instanceof CtLocalVariable<?> local)
                    || local.getDefaultExpression() != null && !isInert(local.getDefaultExpression())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code statement}, the first to read the collection after the loop, joins its tasks: it waits
     * for a task (join, get, invoke..) and adds nothing to the collection (a second loop filling it is no join).
     */
    private static boolean joins(CtStatement statement, CtLocalVariable<?> collection) {
        List<CtInvocation<?>> calls = CodeScan.elementsIn(statement, CtInvocation.class).stream()
                .<CtInvocation<?>>map(call -> call).toList();
        boolean adds = calls.stream().anyMatch(call -> ForkLoop.ADDS.contains(call.getExecutable().getSimpleName())
                && call.getTarget() instanceof CtVariableAccess<?> target && ForkLoop.declaration(target) == collection);
        return !adds && calls.stream().anyMatch(call -> WAITS.contains(call.getExecutable().getSimpleName()));
    }

    private static boolean isInert(CtExpression<?> expression) {
        for (CtElement element : CodeScan.elementsIn(expression, CtElement.class)) {
            if (element instanceof CtInvocation<?> || element instanceof CtConstructorCall<?>
                    || element instanceof CtNewArray<?> || element instanceof CtAssignment<?, ?>
                    || element instanceof CtArrayAccess<?, ?> || element instanceof CtLambda<?>
                    || element instanceof CtUnaryOperator<?> unary && isStep(unary.getKind())) {
                return false;
            }
            if (element instanceof CtFieldAccess<?> field) {
                CtVariable<?> declaration = field.getVariable().getDeclaration();
                if (declaration == null || !declaration.hasModifier(ModifierKind.FINAL)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean isStep(UnaryOperatorKind kind) {
        return kind == UnaryOperatorKind.PREINC || kind == UnaryOperatorKind.PREDEC
                || kind == UnaryOperatorKind.POSTINC || kind == UnaryOperatorKind.POSTDEC;
    }

    private static boolean isInt(CtTypeReference<?> type) {
        return type != null
                && (type.getQualifiedName().equals("int") || type.getQualifiedName().equals("java.lang.Integer"));
    }
}
