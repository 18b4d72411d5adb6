package org.fjdoctor.refactorings.scattereddata;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtArrayAccess;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBreak;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtContinue;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThrow;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * Why forking a loop's subtasks with one invokeAll after the loop might not behave like forking each in
 * its iteration. An empty list means the rewrite is proven: every task the loop forked is exactly one
 * element of a fresh collection, nothing in the loop or before the joins observes the tasks running, and
 * the loop cannot leave with tasks forked but never collected.
 */
final class InvokeAllSafety {

    /** Collections whose add/iteration the JDK defines: invokeAll sees exactly the added tasks. */
    private static final Set<String> FRESH_COLLECTIONS = Set.of("java.util.ArrayList", "java.util.LinkedList",
            "java.util.ArrayDeque", "java.util.Vector", "java.util.Stack");
    /** Task calls that observe or wait for a forked task. */
    private static final Set<String> OBSERVERS = Set.of("join", "quietlyJoin", "invoke", "quietlyInvoke", "get",
            "getRawResult", "isDone", "isCompletedNormally", "isCompletedAbnormally", "isCancelled", "cancel",
            "tryUnfork", "helpQuiesce", "invokeAll", "getException", "quietlyComplete", "complete");

    private InvokeAllSafety() {
    }

    /** Reasons the rewrite needs a review; none when it is proven. */
    static List<String> concerns(ForkLoop shape, ForkJoinModel model) {
        List<String> concerns = new ArrayList<>();
        if (shape.collection == null) {
            concerns.add("the loop keeps no collection of its subtasks, so the joins after it reach them some"
                    + " other way; the rewrite collects them in a new list and runs them all before the code after"
                    + " the loop, which then no longer overlaps with them");
        } else {
            collectionConcerns(shape, concerns);
        }
        taskConcerns(shape, concerns);
        bodyConcerns(shape, model, concerns);
        if (shape.collection != null && !betweenLoopAndJoinsIsInert(shape)) {
            concerns.add("statements between the loop and the joins ran while the subtasks were running; after"
                    + " the rewrite they run once all subtasks have completed");
        }
        return concerns;
    }

    private static void collectionConcerns(ForkLoop shape, List<String> concerns) {
        CtLocalVariable<?> collection = shape.collection;
        String name = collection.getSimpleName();
        int declared = ForkLoop.indexOf(shape.outer, collection);
        if (declared < 0 || declared > shape.loopIndex) {
            concerns.add("'" + name + "' is not declared just before the loop; it may hold tasks forked earlier,"
                    + " which invokeAll would fork again");
            return;
        }
        if (!(collection.getDefaultExpression() instanceof CtConstructorCall<?> creation)
                || !FRESH_COLLECTIONS.contains(creation.getType().getQualifiedName())
                || !(creation.getArguments().isEmpty() || creation.getArguments().size() == 1
                && isInt(creation.getArguments().get(0).getType()))) {
            concerns.add("'" + name + "' is not created empty as a JDK list or deque, so invokeAll might see"
                    + " other elements than the loop's subtasks");
            return;
        }
        for (int i = declared + 1; i < shape.loopIndex; i++) {
            if (!ForkLoop.uses(shape.outer.getStatements().get(i), collection).isEmpty()) {
                concerns.add("'" + name + "' is used between its creation and the loop");
                return;
            }
        }
        if (ForkLoop.uses(shape.body, collection).size() != 1) {
            concerns.add("the loop uses '" + name + "' for more than collecting its subtasks");
        }
        if (joinIndex(shape) < 0) {
            concerns.add("no statement after the loop reads '" + name + "' to join the subtasks");
        }
    }

    /** The task must not be looked at after it was forked in the same iteration (it now runs later). */
    private static void taskConcerns(ForkLoop shape, List<String> concerns) {
        List<CtStatement> statements = shape.body.getStatements();
        int forkAt = ForkLoop.indexOf(shape.body, shape.forkStatement);
        CtStatement addStatement = shape.add == null ? null : ForkLoop.topLevelStatement(shape.body, shape.add);
        int addAt = addStatement == null ? forkAt : ForkLoop.indexOf(shape.body, addStatement);
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
     * Whether the statements between the loop and the join only declare locals from literals, locals and
     * final fields: they cannot see or change what the subtasks do, so running them later is equivalent.
     */
    private static boolean betweenLoopAndJoinsIsInert(ForkLoop shape) {
        int join = joinIndex(shape);
        if (join < 0) {
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
