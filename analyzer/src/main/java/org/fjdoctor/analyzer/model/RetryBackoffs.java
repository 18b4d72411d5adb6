package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtAbstractSwitch;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtBreak;
import spoon.reflect.code.CtContinue;
import spoon.reflect.code.CtDo;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFor;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtWhile;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A pause that backs off after a failed attempt of a bounded retry loop: it runs only when the attempt made in the
 * same iteration failed, as a back-off in the attempt's {@code catch} clause does ({@link ErrorPaths}). It delays
 * the retry it is meant to delay, not the computation. Two shapes, in a loop that counts its attempts (a counter it
 * increments and compares in its condition or in a test that leaves it):
 * <ul>
 * <li>the pause is in the branch taken when the attempt's result says it failed ({@code if (entity != null) {..}
 *     else { retries++; sleep(..); }}), and that branch counts the attempt or continues with the next one;</li>
 * <li>the pause follows, in the iteration, a test of the attempt that leaves the loop on success
 *     ({@code if (download(..)) { ok = true; break; }} .. {@code sleep(..)}).</li>
 * </ul>
 * The test must be of an attempt made in the iteration: a call that is no mere observer ({@link Observers}), in the
 * test or in a local of the iteration it reads. A poll ({@code if (isDone()) return; sleep(..)}), bounded or not, and
 * a pause before each request (a rate limit) sleep in the normal course of the loop and are no back-off.
 * Only common-pool code is judged so ({@link CommonPoolWaits}): in a task's own pool a back-off stalls one of its
 * workers, and sleepy-worker reports it there.
 */
final class RetryBackoffs {

    /** How many locals of the iteration are followed from a test to the attempt whose result they hold. */
    private static final int MAX_LOCALS = 3;

    private RetryBackoffs() {
    }

    /**
     * Whether the pause {@code at}, or a call on {@code reach}'s way to it from its entry, runs only after a failed
     * attempt of a retry loop.
     */
    static boolean only(CtElement at, Reach reach) {
        return afterFailedAttempt(at) || reach != null && reach.steps().stream()
                .anyMatch(step -> step.callSite() != null && afterFailedAttempt(step.callSite()));
    }

    /** Whether {@code at} (a pause, or a call on the way to one) runs only after a failed attempt of a retry loop. */
    static boolean afterFailedAttempt(CtElement at) {
        CtLoop loop = loopAround(at);
        if (loop == null) {
            return false;
        }
        Set<String> counters = attemptCounters(loop);
        return !counters.isEmpty() && (inFailureBranch(at, loop, counters) || afterSuccessExit(at, loop));
    }

    /** The innermost loop around {@code at} in its own method or lambda, or {@code null}. */
    private static CtLoop loopAround(CtElement at) {
        for (CtElement e = at.isParentInitialized() ? at.getParent() : null; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            if (e instanceof CtLoop loop) {
                return loop;
            }
            if (e instanceof CtExecutable<?>) {
                return null;
            }
        }
        return null;
    }

    /**
     * The variables that count the loop's attempts: incremented in the loop and compared in its condition or in
     * the test of a branch that leaves it.
     */
    private static Set<String> attemptCounters(CtLoop loop) {
        Set<String> incremented = new HashSet<>();
        for (CtUnaryOperator<?> step : CodeScan.elementsIn(loop, CtUnaryOperator.class)) {
            if (INCREMENTS.contains(step.getKind()) && step.getOperand() instanceof CtVariableAccess<?> counter) {
                incremented.add(counter.getVariable().getSimpleName());
            }
        }
        for (CtOperatorAssignment<?, ?> step : CodeScan.elementsIn(loop, CtOperatorAssignment.class)) {
            if (step.getAssigned() instanceof CtVariableAccess<?> counter) {
                incremented.add(counter.getVariable().getSimpleName());
            }
        }
        Set<String> counters = new HashSet<>();
        for (CtExpression<?> bound : bounds(loop)) {
            for (CtVariableRead<?> read : CodeScan.elementsIn(bound, CtVariableRead.class)) {
                if (incremented.contains(read.getVariable().getSimpleName())) {
                    counters.add(read.getVariable().getSimpleName());
                }
            }
        }
        return counters;
    }

    private static final Set<UnaryOperatorKind> INCREMENTS = Set.of(UnaryOperatorKind.POSTINC, UnaryOperatorKind.PREINC,
            UnaryOperatorKind.POSTDEC, UnaryOperatorKind.PREDEC);

    /** The loop's condition, and the tests of the branches in it that leave it. */
    private static List<CtExpression<?>> bounds(CtLoop loop) {
        List<CtExpression<?>> bounds = new ArrayList<>();
        CtExpression<?> condition = loop instanceof CtWhile w ? w.getLoopingExpression()
                : loop instanceof CtDo d ? d.getLoopingExpression() : loop instanceof CtFor f ? f.getExpression() : null;
        if (condition != null) {
            bounds.add(condition);
        }
        for (CtIf test : CodeScan.elementsIn(loop.getBody(), CtIf.class)) {
            if (test.getThenStatement() != null && leaves(lastOf(test.getThenStatement()), loop)) {
                bounds.add(test.getCondition());
            }
        }
        return bounds;
    }

    /**
     * The pause is in a branch of a test of the iteration's attempt, and that branch counts the failed attempt or
     * goes on with the next one.
     */
    private static boolean inFailureBranch(CtElement at, CtLoop loop, Set<String> counters) {
        for (CtElement e = at; e != loop; e = e.getParent()) {
            if (e.getParent() instanceof CtIf test && e != test.getCondition()
                    && testsAnAttempt(test.getCondition(), loop)
                    && (countsAnAttempt(e, counters) || lastOf((CtStatement) e) instanceof CtContinue)) {
                return true;
            }
        }
        return false;
    }

    private static boolean countsAnAttempt(CtElement branch, Set<String> counters) {
        return CodeScan.elementsIn(branch, CtUnaryOperator.class).stream().anyMatch(step -> INCREMENTS.contains(step.getKind())
                && step.getOperand() instanceof CtVariableAccess<?> counter
                && counters.contains(counter.getVariable().getSimpleName()))
                || CodeScan.elementsIn(branch, CtOperatorAssignment.class).stream().anyMatch(step ->
                step.getAssigned() instanceof CtVariableAccess<?> counter && counters.contains(counter.getVariable().getSimpleName()));
    }

    /**
     * A statement before the pause in the iteration (or nested in one, a {@code try} block's) tests the attempt and
     * leaves the loop when it succeeded, with no {@code else}: the pause runs only when it did not.
     */
    private static boolean afterSuccessExit(CtElement at, CtLoop loop) {
        for (CtElement e = at; e != loop && e.getParent() != null; e = e.getParent()) {
            if (!(e.getParent() instanceof CtBlock<?> block) || !(e instanceof CtStatement statement)) {
                continue;
            }
            for (CtStatement before : block.getStatements()) {
                if (before == statement) {
                    break;
                }
                for (CtIf test : CodeScan.elementsIn(before, CtIf.class)) {
                    if (test.getElseStatement() == null && test.getThenStatement() != null
                            && leaves(lastOf(test.getThenStatement()), loop) && testsAnAttempt(test.getCondition(), loop)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code statement} ends the loop as a success does: a return, or a break whose target is the loop (a
     * throw gives up).
     */
    private static boolean leaves(CtStatement statement, CtLoop loop) {
        if (statement instanceof CtReturn<?>) {
            return true;
        }
        if (!(statement instanceof CtBreak leave)) {
            return false;
        }
        if (leave.getTargetLabel() != null) {
            return leave.getTargetLabel().equals(loop.getLabel());
        }
        for (CtElement e = leave.getParent(); e != null; e = e.getParent()) {
            if (e instanceof CtLoop || e instanceof CtAbstractSwitch<?>) {
                return e == loop;
            }
        }
        return false;
    }

    private static CtStatement lastOf(CtStatement statement) {
        if (statement instanceof CtBlock<?> block) {
            return block.getStatements().isEmpty() ? null : block.getLastStatement();
        }
        return statement;
    }

    /**
     * Whether a test reads the result of an attempt made in the iteration: a call that is no observer, in the test
     * itself or in the value of a local declared in the loop that it reads (followed {@link #MAX_LOCALS} deep).
     */
    private static boolean testsAnAttempt(CtExpression<?> test, CtLoop loop) {
        return attemptIn(test, loop, MAX_LOCALS);
    }

    private static boolean attemptIn(CtElement value, CtLoop loop, int locals) {
        if (CodeScan.elementsIn(value, CtInvocation.class).stream().anyMatch(RetryBackoffs::attempt)) {
            return true;
        }
        if (locals == 0) {
            return false;
        }
        for (CtVariableRead<?> read : CodeScan.elementsIn(value, CtVariableRead.class)) {
            CtLocalVariable<?> declared = read.getVariable() instanceof CtLocalVariableReference<?> local
                    ? local.getDeclaration() : null;
            if (declared != null && declared.getDefaultExpression() != null && declared.getParent(CtLoop.class) == loop
                    && attemptIn(declared.getDefaultExpression(), loop, locals - 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A call that may do the work a retry repeats: no observer, and none of {@code java.lang}'s own (a clock read, a
     * parse, {@code Math.min}), which a deadline or a count tests.
     */
    private static boolean attempt(CtInvocation<?> call) {
        CtTypeReference<?> owner = call.getExecutable() == null ? null : call.getExecutable().getDeclaringType();
        return !Observers.observes(call) && (owner == null || !"java.lang".equals(owner.getPackage() == null ? null
                : owner.getPackage().getQualifiedName()));
    }
}
