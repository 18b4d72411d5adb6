package org.fjdoctor.refactorings.sleepyworker;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.sleepyworker.Sleep;
import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCatch;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ6: offers to delete a {@code Thread.sleep(..)} / {@code TimeUnit.X.sleep(..)} statement (and the
 * {@code try { sleep } catch (InterruptedException e) {..}} around it). Never SAFE: whether the pause
 * waits for something the task already has is a human judgement. Busy-wait loops get a manual reason;
 * parks are {@link ManagedSleepRewrite}'s.
 */
@AutoService(Refactoring.class)
public final class SleepRemoval implements Refactoring {

    /** Package or class names of demos and examples, whose sleeps often are the simulated work. */
    private static final Pattern DEMO = Pattern.compile(
            "(?i)(demo|example|sample|cookbook|tutorial|showcase|exercise|playground)");

    static final String RULE = Refactoring.idOf(SleepyWorkerRule.class);
    private static final String INTERRUPTED = "java.lang.InterruptedException";

    @Override
    public Class<? extends Rule> rule() {
        return SleepyWorkerRule.class;
    }

    @Override
    public int priority() {
        return 10; // removes the sleep
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Sleep.class);
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
        Sleep match = context.match(finding, Sleep.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        if (match.shape() == Sleep.Shape.BUSY_WAIT) {
            return Plan.manual("the loop spins until another task sets a flag; join the task that sets the flag"
                    + " instead of spinning (or hand its result over directly), by hand.");
        }
        CtInvocation<?> call = (CtInvocation<?>) match.at();
        if (match.shape() == Sleep.Shape.PARK) {
            return Plan.none(); // a park cannot just go; ManagedSleepRewrite wraps it or says why not
        }
        if (!(call.getParent() instanceof CtBlock<?> block) || block.isImplicit()
                || !call.getArguments().stream().allMatch(SleepRemoval::hasNoEffect)
                || !(call.getTarget() == null || hasNoEffect(call.getTarget()))) {
            return Plan.manual("the sleep is not a plain statement with effect-free arguments; remove it by hand"
                    + " if the task does not need to wait.");
        }
        CtElement removed = call;
        // A try that holds only the sleep goes with it: nothing else in it can throw, so its handlers (for
        // InterruptedException, or a broad Exception as in `try { Thread.sleep(n); } catch (Exception e) { }`)
        // could only ever run for the sleep.
        if (block.getParent() instanceof CtTry tryStatement && !tryStatement.getCatchers().isEmpty()
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
        String what = removed == call ? "the sleep" : "the sleep and the try/catch around it";
        return Plan.of(new Fix(RULE, finding.fingerprint(), "Remove " + what, Safety.REVIEW, reviewReason(call),
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
     * too, with their terminators, so no blank line is left behind ({@link SourceLines#deleteLines}).
     */
    /**
     * What the reviewer must decide: what the sleep stands for. Removing a sleep that waits for a result the
     * task already has is the catalog's fix; removing one that is the workload of a demo, a rate limit or a
     * window for cancellation changes what the program does, so the reason names those first when the code
     * looks like a demo.
     */
    static String reviewReason(CtInvocation<?> call) {
        CtType<?> type = call.getParent(CtType.class);
        String where = type == null ? "" : type.getQualifiedName();
        boolean demo = DEMO.matcher(where).find();
        return (demo ? "This looks like a demo or example (" + where + "): the sleep is probably its simulated work,"
                + " and removing it leaves the demo with nothing to show; keep it (wrapped in"
                + " ForkJoinPool.managedBlock) unless it only waits. " : "")
                + "Removing the pause frees the worker and its deque, but only a person can tell what the sleep"
                + " stands for: waiting for something the task does not have yet (then join that task instead),"
                + " simulated work in a demo or benchmark (then it is the workload), a rate limit or backoff towards"
                + " another service (then removing it floods that service), or a window in which the work can be"
                + " cancelled or interrupted (then that window is gone). The method may also run outside task code,"
                + " and an interrupt is no longer observed here.";
    }

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
        return SourceLines.deleteLines(file.path(), text, lineStart, SourceLines.nextLineStart(text, lineEnd));
    }
}
