package org.fjdoctor.refactorings.intratasksync;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.intratasksync.Blocking;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
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
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ5: {@code synchronized (lock) { obj.syncMethod(args); }} becomes {@code obj.syncMethod(args);} when
 * the call is already atomic (a synchronized source method or a thread-safe JDK class) and the lock is
 * private to this block, so the block excludes nothing but other runs of that same atomic call.
 * Synchronized methods get a manual reason that says what to do instead; blocking calls are
 * {@link ManagedBlockingRewrite}'s.
 */
@AutoService(Refactoring.class)
public final class RedundantLockRemoval implements Refactoring {

    static final String RULE = Refactoring.idOf(IntraTaskSyncRule.class);

    /** JDK classes whose every public method is atomic on its own. */
    private static final Set<String> THREAD_SAFE = Set.of(
            "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong",
            "java.util.concurrent.atomic.AtomicBoolean", "java.util.concurrent.atomic.AtomicReference",
            "java.util.concurrent.atomic.AtomicIntegerArray", "java.util.concurrent.atomic.AtomicLongArray",
            "java.util.concurrent.atomic.AtomicReferenceArray", "java.util.concurrent.atomic.LongAdder",
            "java.util.concurrent.atomic.DoubleAdder", "java.util.concurrent.atomic.LongAccumulator",
            "java.util.concurrent.atomic.DoubleAccumulator", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.ConcurrentLinkedQueue",
            "java.util.concurrent.ConcurrentLinkedDeque", "java.util.concurrent.ConcurrentSkipListSet");

    @Override
    public Class<? extends Rule> rule() {
        return IntraTaskSyncRule.class;
    }

    @Override
    public int priority() {
        return 10; // removes the lock
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(Blocking.class);
    }

    @Override
    public String summary() {
        return "synchronized (lock) { x.syncMethod(..); } becomes the call alone.";
    }

    @Override
    public String safeWhen() {
        return "The method is synchronized (or a thread-safe JDK method) and the lock is private and"
                + " guards nothing else.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        Blocking match = context.match(finding, Blocking.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        if (match.shape() == Blocking.Shape.SYNCHRONIZED_METHOD) {
            return Plan.manual("every caller of this synchronized method takes the object's monitor; make the state"
                    + " it guards thread-safe (atomics, LongAdder) or give each task its own partial result and"
                    + " merge at join, then drop the modifier by hand.");
        }
        if (match.shape() == Blocking.Shape.SYNCHRONIZED_WRAPPER) {
            return Plan.manual("every call on a Collections.synchronized* wrapper locks the whole collection; give each"
                    + " task its own collection and merge them at join, or use a concurrent collection"
                    + " (ConcurrentHashMap, ConcurrentLinkedQueue) where iteration need not see one consistent state.");
        }
        if (match.shape() == Blocking.Shape.COPY_ON_WRITE) {
            return Plan.manual("every mutation of a copy-on-write collection copies its array under the collection's"
                    + " lock; give each task its own collection and merge them at join, or use a concurrent set or"
                    + " queue (ConcurrentHashMap.newKeySet(), ConcurrentLinkedQueue) for collections written often.");
        }
        if (match.shape() != Blocking.Shape.SYNCHRONIZED_BLOCK) {
            return Plan.none();
        }
        CtSynchronized block = (CtSynchronized) match.at();
        String notRedundant = notRedundant(context.model(), block);
        if (notRedundant != null) {
            return Plan.manual(notRedundant);
        }
        boolean unseen = PrivateLock.of(context.model(), block.getExpression()) == PrivateLock.Verdict.UNSEEN;
        return removal(finding, context, block, unseen);
    }

    /** Why the lock is not provably redundant, or {@code null} when it is. */
    private static String notRedundant(ForkJoinModel model, CtSynchronized block) {
        List<CtStatement> statements = block.getBlock() == null ? List.of() : block.getBlock().getStatements();
        if (statements.size() != 1 || !(statements.get(0) instanceof CtInvocation<?> call)) {
            return "the lock guards more than one call (a compound action); replace the shared state with a"
                    + " LongAdder/atomic or per-task partial results merged at join, by hand.";
        }
        if (!isAtomicCall(model, call)) {
            return "the guarded call is not itself synchronized or thread-safe, so the lock is what makes it"
                    + " atomic; replace the shared state with a LongAdder/atomic or per-task results, by hand.";
        }
        if (!isStableValue(call.getTarget()) || !call.getArguments().stream().allMatch(RedundantLockRemoval::isStableValue)) {
            return "the call's receiver or arguments read shared state or call methods inside the lock, which"
                    + " the lock may be keeping atomic with the call; review by hand.";
        }
        if (PrivateLock.of(model, block.getExpression()) == PrivateLock.Verdict.SHARED) {
            return "the lock object may be locked, waited on or notified elsewhere (it is not a private"
                    + " new Object() used only by this block); review its other uses by hand.";
        }
        return null;
    }

    private static boolean isAtomicCall(ForkJoinModel model, CtInvocation<?> call) {
        CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
        if (callee instanceof CtMethod<?> method && method.hasModifier(ModifierKind.SYNCHRONIZED)) {
            return true;
        }
        if (callee != null) {
            return false;
        }
        CtTypeReference<?> receiver = model.api().receiverType(call);
        return receiver != null && THREAD_SAFE.contains(receiver.getQualifiedName());
    }

    /** Literals, locals, parameters, {@code this}, final fields and operators over them: no shared mutable state. */
    private static boolean isStableValue(CtExpression<?> expression) {
        if (expression == null || expression instanceof CtLiteral<?> || expression instanceof CtThisAccess<?>
                || expression instanceof CtTypeAccess<?>) {
            return true;
        }
        if (expression instanceof CtFieldRead<?> read) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            return field != null && field.hasModifier(ModifierKind.FINAL) && isStableValue(read.getTarget());
        }
        if (expression instanceof CtVariableRead<?>) {
            return true;
        }
        if (expression instanceof CtBinaryOperator<?> binary) {
            return isStableValue(binary.getLeftHandOperand()) && isStableValue(binary.getRightHandOperand());
        }
        if (expression instanceof CtUnaryOperator<?> unary) {
            UnaryOperatorKind kind = unary.getKind();
            return (kind == UnaryOperatorKind.NEG || kind == UnaryOperatorKind.POS || kind == UnaryOperatorKind.NOT
                    || kind == UnaryOperatorKind.COMPL) && isStableValue(unary.getOperand());
        }
        return false;
    }

    private static Plan removal(Finding finding, RefactoringContext context, CtSynchronized block, boolean unseen) {
        SourceFile file = context.file(block);
        String text = file.text();
        CtBlock<?> body = block.getBlock();
        CtStatement statement = body.getStatements().get(0);
        int start = block.getPosition().getSourceStart();
        int end = block.getPosition().getSourceEnd() + 1;
        int open = body.getPosition().getSourceStart();
        int close = body.getPosition().getSourceEnd();
        int statementStart = statement.getPosition().getSourceStart();
        int statementEnd = text.indexOf(';', statement.getPosition().getSourceEnd()) + 1;
        String head = text.substring(start, open);
        String before = text.substring(open + 1, statementStart);
        String after = text.substring(statementEnd, close);
        if (head.contains("/") || !after.isBlank() || text.charAt(close) != '}') {
            return Plan.manual("the synchronized block holds comments besides its call; remove the lock by hand.");
        }
        // A comment after the opening brace (on its line) moves to the end of the kept statement.
        String comment = "";
        String opening = before.strip();
        if (!opening.isEmpty()) {
            int newline = SourceLines.lineEnd(before, 0);
            if (!opening.startsWith("//") || newline == before.length() || !before.substring(newline).isBlank()) {
                return Plan.manual("the synchronized block holds comments besides its call; remove the lock by hand.");
            }
            comment = " " + opening;
        }
        String unit = context.indentUnit(file);
        String kept = SourceLines.outdentFollowingLines(text.substring(statementStart, statementEnd), unit) + comment;
        String callee = ((CtInvocation<?>) statement).getExecutable().getSimpleName();
        return Plan.of(new Fix(RULE, finding.fingerprint(), "Remove the redundant lock around " + callee + "(..)",
                unseen ? Safety.REVIEW : Safety.SAFE, (unseen ? "Method bodies left out of the analysis mention the"
                + " lock's field or class; check that they do not lock or share it. " : "") + "The only statement is a call to " + callee + "(..), which is atomic on its own"
                + " (synchronized or a thread-safe JDK method), with receiver and arguments that read no shared"
                + " mutable state; the lock is a private new Object() that no other code locks, waits on or"
                + " notifies, so it only serialized runs of this already-atomic call.",
                List.of(TextEdit.replace(file.path(), start, end, kept))));
    }
}
