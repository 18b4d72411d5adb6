package org.fjdoctor.refactorings.sleepyworker;

import java.util.List;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCatch;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ6: offers to delete a {@code Thread.sleep(..)} / {@code TimeUnit.X.sleep(..)} statement (and the
 * {@code try { sleep } catch (InterruptedException e) {..}} around it). Never SAFE: whether the pause
 * waits for something the task already has is a human judgement. Busy-wait loops and parking get a
 * manual reason.
 */
@AutoService(Refactoring.class)
public final class SleepRemoval implements Refactoring {

    static final String RULE = Refactoring.idOf(SleepyWorkerRule.class);
    private static final String INTERRUPTED = "java.lang.InterruptedException";

    @Override
    public Class<? extends Rule> rule() {
        return SleepyWorkerRule.class;
    }

    @Override
    public String summary() {
        return "Removes a Thread.sleep/TimeUnit.sleep (and its try statement when nothing else is left"
                + " in it).";
    }

    @Override
    public String safeWhen() {
        return "Never: always REVIEW, since only a person can tell whether the task slept to wait for"
                + " something it does not have yet.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        CtElement element = context.element(finding);
        if (element instanceof CtLoop) {
            return Plan.manual("the loop spins until another task sets a flag; join the task that sets the flag"
                    + " instead of spinning (or hand its result over directly), by hand.");
        }
        if (!(element instanceof CtInvocation<?> call)) {
            return Plan.none();
        }
        ForkJoinApi api = context.model().api();
        if (!api.isCall(call, "java.lang.Thread", "sleep") && !api.isCall(call, "java.util.concurrent.TimeUnit", "sleep")) {
            return Plan.manual("parking the worker waits for another thread's unpark or a timeout; join the awaited"
                    + " task, or wrap the wait in ForkJoinPool.managedBlock, by hand.");
        }
        if (!(call.getParent() instanceof CtBlock<?> block) || block.isImplicit()
                || !call.getArguments().stream().allMatch(SleepRemoval::hasNoEffect)
                || !(call.getTarget() == null || hasNoEffect(call.getTarget()))) {
            return Plan.manual("the sleep is not a plain statement with effect-free arguments; remove it by hand"
                    + " if the task does not need to wait.");
        }
        CtElement removed = call;
        if (block.getParent() instanceof CtTry tryStatement && onlyCatchesInterrupted(tryStatement)
                && block.getStatements().size() == 1 && tryStatement.getFinalizer() == null
                && !(tryStatement instanceof CtTryWithResource resources && !resources.getResources().isEmpty())) {
            removed = tryStatement;
        }
        if (catchesInterruptedAround(removed)) {
            return Plan.manual("a try/catch around the sleep handles InterruptedException and would no longer"
                    + " compile without it (or would lose its purpose); remove the sleep and that handler by hand.");
        }
        SourceFile file = context.file(call);
        TextEdit edit = wholeLines(file, removed);
        String what = removed == call ? "the sleep" : "the sleep and its InterruptedException handler";
        return Plan.of(new Fix(RULE, finding.fingerprint(), "Remove " + what, Safety.REVIEW,
                "Removing the pause frees the worker and its deque, but only a person can tell whether the task"
                        + " slept to wait for something it does not have yet (then join that task instead). The"
                        + " method may also run outside task code, and an interrupt is no longer observed here.",
                List.of(edit)));
    }

    /** Reads, literals and operators over them: skipping their evaluation is unobservable. */
    private static boolean hasNoEffect(CtExpression<?> expression) {
        if (expression instanceof CtBinaryOperator<?> binary) {
            return hasNoEffect(binary.getLeftHandOperand()) && hasNoEffect(binary.getRightHandOperand());
        }
        return expression instanceof CtLiteral<?> || expression instanceof CtVariableRead<?>
                || expression instanceof CtTypeAccess<?>;
    }

    private static boolean onlyCatchesInterrupted(CtTry tryStatement) {
        return !tryStatement.getCatchers().isEmpty() && tryStatement.getCatchers().stream()
                .allMatch(c -> c.getParameter().getMultiTypes().size() <= 1
                        && c.getParameter().getType() != null
                        && c.getParameter().getType().getQualifiedName().equals(INTERRUPTED));
    }

    /** Whether a try enclosing {@code element} (in the same method or lambda) has a catch naming InterruptedException. */
    private static boolean catchesInterruptedAround(CtElement element) {
        for (CtElement e = element.getParent(); e != null && !(e instanceof CtExecutable<?>) && !(e instanceof CtLambda<?>);
             e = e.getParent()) {
            if (e instanceof CtTry tryStatement && element.hasParent(tryStatement.getBody())) {
                for (CtCatch catcher : tryStatement.getCatchers()) {
                    for (CtTypeReference<?> type : catcher.getParameter().getMultiTypes()) {
                        if (type.getQualifiedName().equals(INTERRUPTED)) {
                            return true;
                        }
                    }
                    if (catcher.getParameter().getType() != null
                            && catcher.getParameter().getType().getQualifiedName().equals(INTERRUPTED)) {
                        return true;
                    }
                }
            }
            if (!e.isParentInitialized()) {
                break;
            }
        }
        return false;
    }

    /**
     * Deletes the element; when it is alone on its lines (a trailing // comment aside), the lines go
     * too, with their terminators, so no blank line is left behind.
     */
    static TextEdit wholeLines(SourceFile file, CtElement element) {
        String text = file.text();
        int start = element.getPosition().getSourceStart();
        int end = element.getPosition().getSourceEnd() + 1;
        if (text.charAt(end - 1) != ';' && text.charAt(end - 1) != '}') {
            int semicolon = text.indexOf(';', end);
            end = semicolon < 0 ? end : semicolon + 1;
        }
        int lineStart = start;
        while (lineStart > 0 && (text.charAt(lineStart - 1) == ' ' || text.charAt(lineStart - 1) == '\t')) {
            lineStart--;
        }
        int lineEnd = end;
        while (lineEnd < text.length() && (text.charAt(lineEnd) == ' ' || text.charAt(lineEnd) == '\t')) {
            lineEnd++;
        }
        if (text.startsWith("//", lineEnd)) {
            while (lineEnd < text.length() && text.charAt(lineEnd) != '\n' && text.charAt(lineEnd) != '\r') {
                lineEnd++;
            }
        }
        boolean startsLine = lineStart == 0 || text.charAt(lineStart - 1) == '\n' || text.charAt(lineStart - 1) == '\r';
        boolean endsLine = lineEnd == text.length() || text.charAt(lineEnd) == '\n' || text.charAt(lineEnd) == '\r';
        if (!startsLine || !endsLine) {
            return TextEdit.replace(file.path(), start, end, "");
        }
        if (text.startsWith("\r\n", lineEnd)) {
            lineEnd += 2;
        } else if (lineEnd < text.length()) {
            lineEnd++;
        }
        return TextEdit.replace(file.path(), lineStart, lineEnd, "");
    }
}
