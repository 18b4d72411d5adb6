package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.rules.copyonjoin.CopyOnJoinRule;
import org.fjdoctor.analyzer.rules.copyonjoin.JoinCopy;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;

/**
 * FJ3: the first merged result is copied into a new container only to append the second to it. When the
 * joined container is provably the left subtask's own fresh one, the parent appends to it directly:
 * {@code new ArrayList<>(left.join())} becomes {@code left.join()}, and
 * {@code List<T> r = new ArrayList<>(); r.addAll(left.join());} becomes {@code List<T> r = left.join();}
 * (also for {@code putAll} of maps, and for sets; SAFE for lists and for linked or tree containers created
 * without comparator or access order, whose iteration order the reuse keeps).
 * The copy of the second result stays; removing it needs one shared output sized up front, which is
 * left to a person.
 */
@AutoService(Refactoring.class)
public final class ReuseJoinedResultRewrite implements Refactoring {

    static final String RULE = Refactoring.idOf(CopyOnJoinRule.class);

    /**
     * Containers whose appending keeps a deterministic order, so reusing the left one changes nothing; also
     * {@link OwnedResult#ORDERED} ones when every one is created plainly.
     */
    private static final Set<String> LISTS = Set.of("java.util.ArrayList", "java.util.LinkedList");
    /** Offered for review only: see {@link #concerns}. */
    private static final Set<String> HASHED = Set.of("java.util.HashMap", "java.util.HashSet");
    /** The merges whose first one into an empty container can take the container over. */
    private static final Set<String> MERGES = Set.of("addAll", "putAll");

    private static final String SECOND_COPY = "removing this copy means writing every leaf's result into one"
            + " shared output (an array indexed by the task's range, sized up front by a counting pass) or"
            + " concatenating once at the root, which changes the task's structure";

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnJoinRule.class;
    }

    @Override
    public int priority() {
        return 20; // collection results: append to the left result
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(JoinCopy.class);
    }

    @Override
    public String summary() {
        return "new ArrayList<>(left.join()) becomes left.join(): the merge appends to the joined list"
                + " instead of copying it first.";
    }

    @Override
    public String safeWhen() {
        return "The joined list is provably fresh and owned by that one subtask.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        JoinCopy match = context.match(finding, JoinCopy.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        CtElement element = match.copy();
        if (match.shape() == JoinCopy.Shape.COPY_CONSTRUCTOR && element instanceof CtConstructorCall<?> copy
                && copy.getParent() instanceof CtLocalVariable<?> local && local.getDefaultExpression() == copy) {
            return copyConstructor(finding, context, copy);
        }
        if (match.shape() == JoinCopy.Shape.MERGE && element instanceof CtInvocation<?> merge
                && merge.getArguments().size() == 1
                && merge.getTarget() instanceof CtVariableRead<?> read
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local
                && MERGES.contains(merge.getExecutable().getSimpleName())
                && local.getDefaultExpression() instanceof CtConstructorCall<?> empty && empty.getArguments().isEmpty()
                && isFirstUse(local, merge)) {
            return firstMerge(finding, context, merge, local, empty);
        }
        if (match.shape() == JoinCopy.Shape.CONCAT) {
            return Plan.manual("Stream.concat(..).collect(..) builds a new container of both results at every"
                    + " level; " + SECOND_COPY);
        }
        if (match.shape() == JoinCopy.Shape.ARRAYCOPY || match.shape() == JoinCopy.Shape.ARRAYS_COPY) {
            return Plan.none(); // array results: SharedOutputArrayRewrite's and ConcatOnceAtRootRewrite's
        }
        return Plan.manual("this copies a subtask's result into the merged container at every level; "
                + SECOND_COPY);
    }

    /** {@code C<T> r = new C<>(left.join());} -> {@code C<T> r = left.join();}. */
    private Plan copyConstructor(Finding finding, RefactoringContext context, CtConstructorCall<?> copy) {
        CtLocalVariable<?> local = (CtLocalVariable<?>) copy.getParent();
        CtExpression<?> joined = copy.getArguments().get(0);
        String container = copy.getType().getQualifiedName();
        List<String> concerns = concerns(context, joined, container, local);
        SourceFile file = context.file(copy);
        TextEdit edit = TextEdit.replace(file.path(), copy.getPosition().getSourceStart(),
                copy.getPosition().getSourceEnd() + 1, context.text(joined));
        return plan(finding, local, concerns, List.of(edit));
    }

    /**
     * {@code C<T> r = new C<>(); r.addAll(left.join());} -> {@code C<T> r = left.join();}; when statements
     * stand between the two (the fork, the other half's compute), the join stays where it was:
     * {@code C<T> r; .. r = left.join();}.
     */
    private Plan firstMerge(Finding finding, RefactoringContext context, CtInvocation<?> merge,
                            CtLocalVariable<?> local, CtConstructorCall<?> empty) {
        CtExpression<?> joined = merge.getArguments().get(0);
        List<String> concerns = concerns(context, joined, empty.getType().getQualifiedName(), local);
        SourceFile file = context.file(merge);
        List<TextEdit> edits = new ArrayList<>();
        if (follows(local, merge)) {
            edits.add(TextEdit.replace(file.path(), empty.getPosition().getSourceStart(),
                    empty.getPosition().getSourceEnd() + 1, context.text(joined)));
            edits.add(SourceLines.delete(file, merge));
        } else {
            String text = file.text();
            int nameEnd = text.lastIndexOf('=', empty.getPosition().getSourceStart());
            while (Character.isWhitespace(text.charAt(nameEnd - 1))) {
                nameEnd--;
            }
            edits.add(TextEdit.replace(file.path(), nameEnd, empty.getPosition().getSourceEnd() + 1, ""));
            int end = SourceLines.statementEnd(text, merge);
            edits.add(TextEdit.replace(file.path(), merge.getPosition().getSourceStart(),
                    end < 0 ? merge.getPosition().getSourceEnd() + 1 : end, local.getSimpleName() + " = "
                    + context.text(joined) + (end < 0 ? "" : ";")));
        }
        return plan(finding, local, concerns, edits);
    }

    private static List<String> concerns(RefactoringContext context, CtExpression<?> joined, String container,
                                         CtLocalVariable<?> local) {
        List<String> concerns = new ArrayList<>();
        if (HASHED.contains(container)) {
            concerns.add("a hash " + (container.endsWith("Map") ? "map" : "set") + "'s iteration order depends on"
                    + " its capacity and on how it was filled, so the reused left one may iterate differently"
                    + " from a copy");
        } else if (!LISTS.contains(container) && !OwnedResult.ORDERED.contains(container)) {
            concerns.add("the copy makes a " + OwnedResult.simple(container)
                    + ", whose behaviour with the subtask's container is not known to be the same");
        }
        if (joined.getType() == null || local.getType() == null || !HalfResolved.isSubtypeOf(joined.getType(), local.getType())) {
            concerns.add("the joined value's type may not fit '" + local.getSimpleName() + "'");
        }
        concerns.addAll(OwnedResult.concerns(joined, container, context.model()));
        return concerns;
    }

    private static Plan plan(Finding finding, CtLocalVariable<?> local, List<String> concerns, List<TextEdit> edits) {
        String why = concerns.isEmpty()
                ? "The joined container is the left subtask's own: the subtask is created here, only forked and"
                + " joined once, and every return of its compute() yields a fresh container of the same class that"
                + " nothing else holds. Appending to it instead of a copy gives the same elements in the same order."
                + " The other result is still copied in: " + SECOND_COPY + "."
                : "Needs a review: " + String.join("; ", concerns) + ".";
        return Plan.of(new Fix(RULE, finding.fingerprint(), "Append to the left subtask's result instead of copying"
                + " it into '" + local.getSimpleName() + "'", concerns.isEmpty() ? Safety.SAFE : Safety.REVIEW,
                why, edits));
    }

    /** Whether {@code merge} is a statement of the block declaring {@code local}, and its first use. */
    private static boolean isFirstUse(CtLocalVariable<?> local, CtInvocation<?> merge) {
        if (!(local.getParent() instanceof CtBlock<?> block) || merge.getParent() != block) {
            return false;
        }
        List<CtStatement> statements = block.getStatements();
        boolean declared = false;
        for (CtStatement statement : statements) {
            if (statement == merge) {
                return declared;
            }
            if (declared && !OwnedResult.uses(statement, local).isEmpty()) {
                return false;
            }
            declared |= statement == local;
        }
        return false;
    }

    /** Whether {@code merge} is the statement right after the declaration of {@code local}. */
    private static boolean follows(CtLocalVariable<?> local, CtInvocation<?> merge) {
        List<CtStatement> statements = ((CtBlock<?>) local.getParent()).getStatements();
        for (int i = 0; i + 1 < statements.size(); i++) {
            if (statements.get(i) == local) {
                return statements.get(i + 1) == merge;
            }
        }
        return false;
    }
}
