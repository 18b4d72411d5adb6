package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.rules.copyonjoin.CopyOnJoinRule;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.analyzer.vocabulary.Apis;

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
 * {@code List<T> r = new ArrayList<>(); r.addAll(left.join());} becomes {@code List<T> r = left.join();}.
 * The copy of the second result stays; removing it needs one shared output sized up front, which is
 * left to a person.
 */
@AutoService(Refactoring.class)
public final class ReuseJoinedResultRewrite implements Refactoring {

    static final String RULE = Refactoring.idOf(CopyOnJoinRule.class);

    /** Containers whose appending keeps a deterministic order, so reusing the left one changes nothing. */
    private static final Set<String> LISTS = Set.of("java.util.ArrayList", "java.util.LinkedList");
    /** Offered for review only: see {@link #concerns}. */
    private static final Set<String> MAPS = Set.of("java.util.HashMap", "java.util.LinkedHashMap",
            "java.util.TreeMap");

    private static final String SECOND_COPY = "removing this copy means writing every leaf's result into one"
            + " shared output (an array indexed by the task's range, sized up front by a counting pass) or"
            + " concatenating once at the root, which changes the task's structure";

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnJoinRule.class;
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
        CtElement element = context.element(finding);
        if (element instanceof CtConstructorCall<?> copy && copy.getArguments().size() == 1
                && copy.getParent() instanceof CtLocalVariable<?> local && local.getDefaultExpression() == copy) {
            return copyConstructor(finding, context, copy);
        }
        if (element instanceof CtInvocation<?> merge && merge.getArguments().size() == 1
                && merge.getTarget() instanceof CtVariableRead<?> read
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local
                && local.getDefaultExpression() instanceof CtConstructorCall<?> empty && empty.getArguments().isEmpty()
                && firstUseIs(local, merge)) {
            return firstMerge(finding, context, merge, local, empty);
        }
        if (element instanceof CtInvocation<?> call && call.getExecutable().getSimpleName().equals("concat")) {
            return Plan.manual("Stream.concat(..).collect(..) builds a new container of both results at every"
                    + " level; " + SECOND_COPY);
        }
        if (element instanceof CtInvocation<?> call
                && (Apis.ARRAYCOPY.matchesExactly(call) || Apis.ARRAYS_COPY.matchesExactly(call))) {
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

    /** {@code C<T> r = new C<>(); r.addAll(left.join());} -> {@code C<T> r = left.join();}. */
    private Plan firstMerge(Finding finding, RefactoringContext context, CtInvocation<?> merge,
                            CtLocalVariable<?> local, CtConstructorCall<?> empty) {
        CtExpression<?> joined = merge.getArguments().get(0);
        List<String> concerns = concerns(context, joined, empty.getType().getQualifiedName(), local);
        SourceFile file = context.file(merge);
        List<TextEdit> edits = new ArrayList<>();
        edits.add(TextEdit.replace(file.path(), empty.getPosition().getSourceStart(),
                empty.getPosition().getSourceEnd() + 1, context.text(joined)));
        edits.add(SourceLines.delete(file, merge));
        return plan(finding, local, concerns, edits);
    }

    private static List<String> concerns(RefactoringContext context, CtExpression<?> joined, String container,
                                         CtLocalVariable<?> local) {
        List<String> concerns = new ArrayList<>();
        if (MAPS.contains(container)) {
            concerns.add("a map's iteration order can depend on how it was filled (hash maps) or on the left"
                    + " map's comparator (tree maps), so the reused left map may iterate differently from a copy");
        } else if (!LISTS.contains(container) && !MAPS.contains(container)) {
            concerns.add("the copy makes a " + OwnedResult.simple(container)
                    + ", whose behaviour with the subtask's container is not known to be the same");
        }
        if (joined.getType() == null || local.getType() == null || !joined.getType().isSubtypeOf(local.getType())) {
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

    /** Whether {@code merge} is the statement right after the declaration of {@code local}. */
    private static boolean firstUseIs(CtLocalVariable<?> local, CtInvocation<?> merge) {
        if (!(local.getParent() instanceof CtBlock<?> block) || merge.getParent() != block) {
            return false;
        }
        List<CtStatement> statements = block.getStatements();
        for (int i = 0; i + 1 < statements.size(); i++) {
            if (statements.get(i) == local) {
                return statements.get(i + 1) == merge;
            }
        }
        return false;
    }
}
