package org.fjdoctor.refactorings.scattereddata;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtVariable;

/**
 * The parts of a "create and fork one subtask per iteration" loop that the invokeAll rewrite needs:
 * the fork, the task it forks, and the collection the loop stores the task in. Built only for the
 * shapes the rewrite understands; {@link #problem} says why a loop is not one of them.
 */
final class ForkLoop {

    /** Calls that add one element to a collection; for ArrayDeque/LinkedList the end does not matter. */
    static final Set<String> ADDS = Set.of("add", "addLast", "addFirst", "push", "offer", "offerLast", "offerFirst");

    final CtLoop loop;
    final CtBlock<?> body;
    /** The block whose statement the fork is: {@link #body}, or a branch of an if in it. */
    final CtBlock<?> forkBlock;
    /** The block holding the loop (the joins are later statements of it). */
    final CtBlock<?> outer;
    final int loopIndex;
    /** {@code x.fork()}. */
    final CtInvocation<?> fork;
    /** The body statement that is, or contains, the fork. */
    final CtStatement forkStatement;
    /** The local the task is held in, or {@code null} when the fork's target is a {@code new T(..)}. */
    final CtLocalVariable<?> taskVariable;
    /** {@code c.add(task)} or {@code c.add(task.fork())}; {@code null} when the loop keeps no collection. */
    final CtInvocation<?> add;
    /** The local collection the loop adds to, or {@code null}. */
    final CtLocalVariable<?> collection;
    /** Why the loop is not a shape the rewrite handles at all, or {@code null}. */
    final String problem;

    private ForkLoop(CtLoop loop, CtBlock<?> body, CtBlock<?> forkBlock, CtBlock<?> outer, int loopIndex, CtInvocation<?> fork,
                     CtStatement forkStatement, CtLocalVariable<?> taskVariable, CtInvocation<?> add,
                     CtLocalVariable<?> collection, String problem) {
        this.loop = loop;
        this.body = body;
        this.forkBlock = forkBlock;
        this.outer = outer;
        this.loopIndex = loopIndex;
        this.fork = fork;
        this.forkStatement = forkStatement;
        this.taskVariable = taskVariable;
        this.add = add;
        this.collection = collection;
        this.problem = problem;
    }

    private static ForkLoop unsupported(CtLoop loop, String problem) {
        return new ForkLoop(loop, null, null, null, -1, null, null, null, null, null, problem);
    }

    static ForkLoop of(CtLoop loop, ForkJoinModel model) {
        if (!(loop.getBody() instanceof CtBlock<?> body) || !(loop.getParent() instanceof CtBlock<?> outer)) {
            return unsupported(loop, "the loop's body is not a block inside a block; restructure it by hand,"
                    + " collecting the subtasks in a list and forking them with one invokeAll(tasks)");
        }
        List<CtInvocation<?>> forks = CodeScan.elementsIn(body, CtInvocation.class).stream()
                .filter(model.api()::isFork).<CtInvocation<?>>map(call -> call).toList();
        if (forks.isEmpty()) {
            String helper = forkingHelper(body, model);
            return unsupported(loop, "the subtasks are forked inside " + helper + ", not in the loop; other"
                    + " callers may rely on it forking. Make the loop collect the subtasks itself and fork them"
                    + " after it with one invokeAll(tasks)");
        }
        if (forks.size() > 1) {
            return unsupported(loop, "the loop forks in " + forks.size() + " places; decide by hand which"
                    + " subtasks to collect, then fork them with one invokeAll(tasks)");
        }
        CtInvocation<?> fork = forks.get(0);
        CtBlock<?> forkBlock = branchOf(body, fork);
        CtStatement statement = forkBlock == null ? null : topLevelStatement(forkBlock, fork);
        boolean alone = statement == fork;
        CtInvocation<?> add = alone || statement == null ? null : addOf(statement, fork);
        if (!alone && add == null) {
            return unsupported(loop, "the fork is nested in another statement (an expression, a loop, a switch"
                    + " or a try), so not every iteration forks the same way; restructure it by hand");
        }
        if (forkBlock != body && fork.getTarget() instanceof CtVariableRead<?> read
                && declaration(read) instanceof CtLocalVariable<?> outside && outside.getParent() != forkBlock) {
            return unsupported(loop, "the fork is nested in a condition, but the task is declared outside it, so"
                    + " the loop may collect tasks it did not fork; restructure it by hand");
        }
        CtLocalVariable<?> task = fork.getTarget() instanceof CtVariableRead<?> read
                && declaration(read) instanceof CtLocalVariable<?> local && local.getParent() == forkBlock ? local : null;
        if (task == null && !(fork.getTarget() instanceof CtConstructorCall<?>)) {
            return unsupported(loop, "the forked task is not a local of the loop body or a new task; collect it"
                    + " by hand and fork with one invokeAll(tasks)");
        }
        if (add == null && task != null) {
            add = statements(forkBlock).stream().filter(s -> s instanceof CtInvocation<?> call && isAddOf(call, task))
                    .map(s -> (CtInvocation<?>) s).findFirst().orElse(null);
        }
        CtLocalVariable<?> collection = add != null && add.getTarget() instanceof CtVariableRead<?> target
                && declaration(target) instanceof CtLocalVariable<?> local ? local : null;
        if (add != null && collection == null) {
            add = null; // a field or parameter collection is not one the rewrite can prove fresh
        }
        int loopIndex = indexOf(outer, loop);
        return new ForkLoop(loop, body, forkBlock, outer, loopIndex, fork, statement, task, add, collection, null);
    }

    /**
     * The block whose statement the fork is: the loop's body, or a branch of an {@code if} in it (nested ifs
     * too) when the iteration forks only on a condition ({@code if (isDirectory) { t = new T(..); list.add(t);
     * t.fork(); }}); {@code null} when a loop, switch, try or lambda stands between.
     */
    private static CtBlock<?> branchOf(CtBlock<?> body, CtInvocation<?> fork) {
        CtBlock<?> innermost = null;
        for (CtElement e = fork.getParent(); e != body; e = e.getParent()) {
            if (e == null || !e.isParentInitialized()) {
                return null;
            }
            if (e instanceof CtBlock<?> block) {
                // a branch without braces cannot lose its only statement (an implicit block around an else-if may
                // stand between)
                if (innermost == null && block.isImplicit()) {
                    return null;
                }
                innermost = innermost == null ? block : innermost;
                if (!(block.getParent() instanceof CtIf)) {
                    return null;
                }
            } else if (!(e instanceof CtIf) && innermost != null) {
                return null;
            }
        }
        return innermost == null ? body : innermost;
    }

    /** The helper the loop body calls that forks, as {@code Type.method(..)}. */
    private static String forkingHelper(CtBlock<?> body, ForkJoinModel model) {
        for (CtInvocation<?> call : CodeScan.elementsIn(body, CtInvocation.class)) {
            CtExecutable<?> helper = model.sourceDeclaration(call.getExecutable());
            if (helper != null && CodeScan.elementsIn(helper, CtInvocation.class).stream()
                    .anyMatch(model.api()::isFork)) {
                return ForkJoinModel.label(helper);
            }
        }
        return "a helper method";
    }

    /** {@code statement} when it is {@code c.add(x.fork())}, where fork is the argument. */
    private static CtInvocation<?> addOf(CtStatement statement, CtInvocation<?> fork) {
        if (statement instanceof CtInvocation<?> call && ADDS.contains(call.getExecutable().getSimpleName())
                && call.getArguments().size() == 1 && call.getArguments().get(0) == fork) {
            return call;
        }
        return null;
    }

    private static boolean isAddOf(CtInvocation<?> call, CtLocalVariable<?> task) {
        return ADDS.contains(call.getExecutable().getSimpleName()) && call.getArguments().size() == 1
                && call.getArguments().get(0) instanceof CtVariableRead<?> read && declaration(read) == task;
    }

    static CtVariable<?> declaration(CtVariableAccess<?> access) {
        return access.getVariable() == null ? null : access.getVariable().getDeclaration();
    }

    /** Reads and writes of {@code variable} under {@code root}. */
    static List<CtVariableAccess<?>> uses(CtElement root, CtVariable<?> variable) {
        return CodeScan.elementsIn(root, CtVariableAccess.class).stream()
                .filter(access -> declaration(access) == variable).<CtVariableAccess<?>>map(access -> access).toList();
    }

    /** The statement of {@code block} (by identity) that contains {@code element}. */
    static CtStatement topLevelStatement(CtBlock<?> block, CtElement element) {
        CtElement current = element;
        while (current != null && current.getParent() != block) {
            current = current.isParentInitialized() ? current.getParent() : null;
        }
        return current instanceof CtStatement statement ? statement : null;
    }

    static List<CtStatement> statements(CtBlock<?> block) {
        return block.getStatements();
    }

    /** Index by identity: Spoon's equals() is structural. */
    static int indexOf(CtBlock<?> block, CtElement element) {
        List<CtStatement> statements = block.getStatements();
        for (int i = 0; i < statements.size(); i++) {
            if (statements.get(i) == element) {
                return i;
            }
        }
        return -1;
    }

    /** The task expression the fork is called on. */
    CtExpression<?> forkTarget() {
        return fork.getTarget();
    }
}
