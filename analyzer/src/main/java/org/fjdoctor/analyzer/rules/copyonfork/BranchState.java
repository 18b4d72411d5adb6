package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtArrayWrite;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Copies that are not copy-on-fork. A search hands each child its own copy of the per-branch state (a board,
 * a path, a colouring) and changes it for that branch before the hand-off: the algorithm needs that copy,
 * as the children must not see each other's moves. And a copy of a handful of elements (a few arguments,
 * a constant-size array) costs nothing per recursion level that an index range would save. Nor is a copy
 * handed to a subtask that is only run in place with {@code compute()}: nothing is forked.
 */
final class BranchState {

    /** At most this many elements copied, by a literal length: no slice of the input worth sharing. */
    static final int HANDFUL = 8;

    private static final Set<String> MUTATORS = Set.of("add", "addAll", "addFirst", "addLast", "put", "putAll",
            "remove", "removeAll", "removeIf", "retainAll", "set", "push", "pop", "poll", "offer", "clear", "sort",
            "fill", "replaceAll", "removeFirst", "removeLast", "append", "move", "play", "apply", "makeMove");

    private BranchState() {
    }

    /**
     * A subtask of the very class whose code creates it: a recursive search that hands each child the state
     * of its branch. A task handing a copy to a task of another kind builds that task's input instead.
     */
    private static boolean searchStep(CtElement site) {
        CtType<?> around = site.getParent(CtType.class);
        return site instanceof CtConstructorCall<?> created && created.getType() != null && around != null
                && created.getType().getQualifiedName().equals(around.getQualifiedName());
    }

    /**
     * In a recursive search ({@link #searchStep}), a local handed to the child that this method changes after
     * the copy: an element written
     * ({@code colors[v] = c}) or a mutating call on it ({@code path.add(next)}, {@code board.play(m)}).
     */
    static boolean ownedByTheChild(CtExpression<?> handed, CtElement site) {
        if (!searchStep(site)) {
            return false;
        }
        if (!(handed instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtLocalVariableReference<?> local)
                || local.getDeclaration() == null) {
            return false;
        }
        CtExecutable<?> in = local.getDeclaration().getParent(CtExecutable.class);
        if (in == null) {
            return false;
        }
        for (CtArrayWrite<?> write : CodeScan.elementsIn(in, CtArrayWrite.class)) {
            if (reads(write.getTarget(), local)) {
                return true;
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(in, CtInvocation.class)) {
            if (call.getExecutable() != null && MUTATORS.contains(call.getExecutable().getSimpleName())
                    && reads(call.getTarget(), local)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A subtask created at {@code site} that is only ever run in place with {@code compute()}, in a method that
     * forks and submits nothing: it runs on the caller's thread and its input copy is no copy on fork.
     */
    static boolean onlyComputedInPlace(ForkJoinApi api, CtElement site) {
        if (!(site instanceof CtConstructorCall<?> created) || !created.isParentInitialized()) {
            return false;
        }
        CtExecutable<?> around = created.getParent(CtExecutable.class);
        if (around == null || CodeScan.elementsIn(around, CtInvocation.class).stream().anyMatch(call -> api.isFork(call)
                || api.matches(Apis.INVOKE_ALL, call) || api.isPoolSubmission(call))) {
            return false; // the method forks: its subtasks' halves are copy-on-fork whichever one runs in place
        }
        if (created.getParent() instanceof CtInvocation<?> call && call.getTarget() == created) {
            return isCompute(call);
        }
        if (!(created.getParent() instanceof CtLocalVariable<?> local) || local.getDefaultExpression() != created) {
            return false;
        }
        CtExecutable<?> in = local.getParent(CtExecutable.class);
        boolean used = false;
        for (CtVariableRead<?> read : in == null ? List.<CtVariableRead<?>>of() : CodeScan.elementsIn(in, CtVariableRead.class)) {
            if (!local.getReference().equals(read.getVariable())) {
                continue;
            }
            if (!(read.getParent() instanceof CtInvocation<?> call && call.getTarget() == read && isCompute(call))) {
                return false;
            }
            used = true;
        }
        return used;
    }

    private static boolean isCompute(CtInvocation<?> call) {
        return call.getExecutable() != null && "compute".equals(call.getExecutable().getSimpleName())
                && call.getArguments().isEmpty();
    }

    private static boolean reads(CtExpression<?> expression, CtLocalVariableReference<?> local) {
        return expression instanceof CtVariableRead<?> read && local.equals(read.getVariable());
    }

    /**
     * {@code Arrays.copyOf(a, 3)}, {@code Arrays.copyOfRange(a, 2, 5)} or {@code System.arraycopy(a, i, b, 0, 4)}:
     * the length is a literal of at most {@link #HANDFUL}.
     */
    static boolean constantSize(CtElement copy) {
        if (!(copy instanceof CtInvocation<?> call) || call.getExecutable() == null) {
            return false;
        }
        List<CtExpression<?>> arguments = call.getArguments();
        return switch (call.getExecutable().getSimpleName()) {
            case "copyOf" -> arguments.size() == 2 && small(literal(arguments.get(1)));
            case "copyOfRange" -> arguments.size() == 3 && literal(arguments.get(1)) != null
                    && literal(arguments.get(2)) != null && small(literal(arguments.get(2)) - literal(arguments.get(1)));
            case "arraycopy" -> arguments.size() == 5 && small(literal(arguments.get(4)));
            default -> false;
        };
    }

    private static boolean small(Long length) {
        return length != null && length >= 0 && length <= HANDFUL;
    }

    private static Long literal(CtExpression<?> expression) {
        return expression instanceof CtLiteral<?> literal && literal.getValue() instanceof Number number
                ? number.longValue() : null;
    }
}
