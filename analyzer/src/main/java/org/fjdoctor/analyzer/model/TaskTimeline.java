package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtThrow;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;

/**
 * The forks and joins of task variables along the statements of one block, in the order they run: what
 * the join-order, fork-all and fork-then-join rules read. Only straight-line code counts. A statement
 * {@code v.fork();} forks the task in variable {@code v} (a local, a parameter or a field of
 * {@code this}); a join ({@code v.join()}, {@code v.quietlyJoin()}, {@code v.get()}) counts where its
 * statement evaluates it unconditionally, once: not in a nested block, loop body, lambda, branch or right
 * operand of {@code &&}/{@code ||} (a for-each header and an if condition count). Any other use of a forked variable (handed on, reassigned, joined in a loop)
 * ends what the timeline knows about it.
 */
public final class TaskTimeline {

    /** {@code task.fork();} as the statement at {@code index} of the block. */
    public record Fork(CtVariable<?> task, CtInvocation<?> call, int index) {
    }

    /**
     * A straight-line join of {@code task} in the statement at {@code index}; {@code leading} when
     * nothing that does work (a call, a construction, an assignment) runs before it in that statement.
     */
    public record Join(CtVariable<?> task, CtInvocation<?> call, int index, boolean leading) {
    }

    /** What happens to a task variable in the statement at {@code index}, in evaluation order. */
    public sealed interface Event permits Forked, Joined, Touched {
        CtVariable<?> task();

        int index();
    }

    public record Forked(Fork fork) implements Event {
        @Override
        public CtVariable<?> task() {
            return fork.task();
        }

        @Override
        public int index() {
            return fork.index();
        }
    }

    public record Joined(Join join) implements Event {
        @Override
        public CtVariable<?> task() {
            return join.task();
        }

        @Override
        public int index() {
            return join.index();
        }
    }

    /** Another use of a variable this block forks: from here on the timeline no longer knows the state of its task. */
    public record Touched(CtVariable<?> task, int index) implements Event {
    }

    private final CtBlock<?> block;
    private final List<Event> events;

    private TaskTimeline(CtBlock<?> block, List<Event> events) {
        this.block = block;
        this.events = events;
    }

    /** The timeline of {@code block}'s own statements (nested blocks have timelines of their own). */
    public static TaskTimeline of(ForkJoinApi api, CtBlock<?> block) {
        List<CtStatement> statements = block.getStatements();
        List<CtVariable<?>> forkedAt = new ArrayList<>();
        Set<String> forkedNames = new HashSet<>();
        for (CtStatement statement : statements) {
            CtVariable<?> forked = statement instanceof CtInvocation<?> call && api.isFork(call)
                    ? taskVariable(call.getTarget()) : null;
            forkedAt.add(forked);
            if (forked != null) {
                forkedNames.add(forked.getSimpleName());
                CtVariable<?> array = ArrayElementTasks.arrayOf(forked);
                if (array != null) {
                    forkedNames.add(array.getSimpleName());
                }
            }
        }
        List<Event> events = new ArrayList<>();
        for (int index = 0; index < statements.size(); index++) {
            CtVariable<?> forked = forkedAt.get(index);
            if (forked != null) {
                events.add(new Forked(new Fork(forked, (CtInvocation<?>) statements.get(index), index)));
            } else {
                events.addAll(eventsIn(api, statements.get(index), index, forkedNames));
            }
        }
        return new TaskTimeline(block, List.copyOf(events));
    }

    public CtBlock<?> block() {
        return block;
    }

    public List<Event> events() {
        return events;
    }

    /** The first straight-line join in the statement at {@code index}, or {@code null}. */
    public Join firstJoinAt(int index) {
        for (Event event : events) {
            if (event instanceof Joined joined && joined.join().index() == index) {
                return joined.join();
            }
        }
        return null;
    }

    /**
     * The index of the first statement from {@code index} on that does work, skipping declarations of
     * locals from a literal or a new empty JDK object ({@code long sum = 0;}, {@code List<T> all = new
     * ArrayList<>();}); the block's size if there is none.
     */
    public int nextWorkAt(int index) {
        List<CtStatement> statements = block.getStatements();
        int next = index;
        while (next < statements.size() && isInert(statements.get(next))) {
            next++;
        }
        return next;
    }

    /** A local declared from a literal or a new empty JDK object: it runs no code that could matter. */
    public static boolean isInert(CtStatement statement) {
        if (!(statement instanceof CtLocalVariable<?> local)) {
            return false;
        }
        CtExpression<?> value = local.getDefaultExpression();
        return value == null || value instanceof CtLiteral<?>
                || value instanceof CtConstructorCall<?> construction && construction.getArguments().isEmpty()
                && !(construction instanceof CtNewClass<?>) && construction.getType() != null
                && construction.getType().getQualifiedName().startsWith("java.");
    }

    /**
     * The tasks forked in this block and neither joined nor otherwise used before the statement at
     * {@code index}, in fork order.
     */
    public List<Fork> pendingBefore(int index) {
        List<Fork> pending = new ArrayList<>();
        for (Event event : events) {
            if (event.index() >= index) {
                break;
            }
            pending.removeIf(fork -> fork.task() == event.task());
            if (event instanceof Forked forked) {
                pending.add(forked.fork());
            }
        }
        return pending;
    }

    /**
     * The variable an expression reads when it names a task plainly: a local, a parameter, a field of this, or
     * an element of such an array at a constant index (see {@link ArrayElementTasks}).
     */
    public static CtVariable<?> taskVariable(CtExpression<?> expression) {
        if (expression instanceof CtArrayRead<?> element) {
            return ArrayElementTasks.element(element);
        }
        if (!(expression instanceof CtVariableRead<?> read)) {
            return null;
        }
        if (read instanceof CtFieldAccess<?> field && field.getTarget() != null
                && !(field.getTarget() instanceof CtThisAccess<?>)) {
            return null;
        }
        return read.getVariable() == null ? null : read.getVariable().getDeclaration();
    }

    /**
     * The joins and touches in one statement. A touch is recorded only for a variable named like one this
     * block forks: no other can end what the timeline knows, and resolving every variable's declaration
     * is what made the JDK's sources slow (Spoon finds a field of a nested class by scanning its whole top
     * class: ConcurrentHashMap's bulk tasks cost a minute).
     */
    private static List<Event> eventsIn(ForkJoinApi api, CtStatement statement, int index, Set<String> forkedNames) {
        List<CtElement> found = new ArrayList<>();
        Set<CtElement> joinTargets = Collections.newSetFromMap(new IdentityHashMap<>());
        for (CtInvocation<?> call : CodeScan.elementsIn(statement, CtInvocation.class)) {
            if (api.isJoin(call) && taskVariable(call.getTarget()) != null && isStraight(call, statement)) {
                found.add(call);
                joinTargets.add(call.getTarget());
            }
        }
        for (CtVariableAccess<?> access : CodeScan.elementsIn(statement, CtVariableAccess.class)) {
            if (!joinTargets.contains(access) && !joinTargets.contains(access.getParent()) && access.getVariable() != null
                    && forkedNames.contains(access.getVariable().getSimpleName())
                    && access.getVariable().getDeclaration() != null) {
                found.add(access);
            }
        }
        found.sort(Comparator.comparingInt(e -> e.getPosition().isValidPosition() ? e.getPosition().getSourceStart() : 0));
        List<Event> events = new ArrayList<>();
        boolean work = false;
        for (CtElement element : found) {
            if (element instanceof CtInvocation<?> join) {
                boolean leading = !work && !worksBefore(statement, join);
                events.add(new Joined(new Join(taskVariable(join.getTarget()), join, index, leading)));
                work = true;
            } else {
                CtVariable<?> touched = ((CtVariableAccess<?>) element).getVariable().getDeclaration();
                events.add(new Touched(touched, index));
                for (CtVariable<?> task : ArrayElementTasks.touchedBy((CtVariableAccess<?>) element, touched)) {
                    events.add(new Touched(task, index));
                }
            }
        }
        return events;
    }

    /** Whether the join runs whenever its statement does, and in it, not in a nested block or lambda. */
    static boolean isStraight(CtElement element, CtStatement statement) {
        for (CtElement child = element; child != statement; child = child.getParent()) {
            if (!child.isParentInitialized()) {
                return false;
            }
            CtElement parent = child.getParent();
            boolean straight;
            if (parent instanceof CtLambda<?>) {
                straight = false;
            } else if (parent instanceof CtConditional<?> conditional) {
                straight = conditional.getCondition() == child;
            } else if (parent instanceof CtBinaryOperator<?> binary) {
                straight = binary.getKind() != BinaryOperatorKind.AND && binary.getKind() != BinaryOperatorKind.OR
                        || binary.getLeftHandOperand() == child;
            } else if (parent instanceof CtIf branch) {
                straight = branch.getCondition() == child;
            } else if (parent instanceof CtForEach each) {
                straight = each.getExpression() == child; // evaluated once, before the first iteration
            } else {
                straight = parent instanceof CtExpression<?> || parent instanceof CtReturn<?>
                        || parent instanceof CtLocalVariable<?> || parent instanceof CtThrow;
            }
            if (!straight) {
                return false;
            }
        }
        return true;
    }

    /** Whether a call, construction or assignment of {@code statement} runs before {@code join}. */
    private static boolean worksBefore(CtStatement statement, CtInvocation<?> join) {
        int start = join.getPosition().getSourceStart();
        for (CtElement element : CodeScan.elementsIn(statement, CtElement.class)) {
            boolean work = element instanceof CtInvocation<?> || element instanceof CtConstructorCall<?>
                    || element instanceof CtAssignment<?, ?>
                    || element instanceof CtUnaryOperator<?> unary && isStep(unary.getKind());
            if (work && element != join && !join.hasParent(element) && element.getPosition().isValidPosition()
                    && element.getPosition().getSourceStart() < start) {
                return true;
            }
        }
        return false;
    }

    private static boolean isStep(UnaryOperatorKind kind) {
        return kind == UnaryOperatorKind.PREINC || kind == UnaryOperatorKind.PREDEC
                || kind == UnaryOperatorKind.POSTINC || kind == UnaryOperatorKind.POSTDEC;
    }
}
