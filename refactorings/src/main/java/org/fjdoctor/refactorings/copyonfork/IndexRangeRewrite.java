package org.fjdoctor.refactorings.copyonfork;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.rules.copyonfork.CopyOnForkRule;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopy;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;
import org.fjdoctor.analyzer.vocabulary.Apis;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ2: a task that hands copied slices of its array or List field to subtasks of its own class (copies, stream
 * slices, or copies made by a helper) shares the field instead and passes index ranges; the subList views and
 * Lists.partition parts of the same field that it also hands over (not findings by themselves) are rewritten with
 * them: from/to fields, a range constructor, the old constructor delegating with the full range, and every
 * use of the field in the task translated to the range. Other shapes get a manual reason saying why.
 */
@AutoService(Refactoring.class)
public final class IndexRangeRewrite implements Refactoring {

    static final String RULE = Refactoring.idOf(CopyOnForkRule.class);

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnForkRule.class;
    }

    @Override
    public int priority() {
        return 10; // the only rewrite of copies: shared data with index ranges
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(SliceCopy.class);
    }

    @Override
    public String summary() {
        return "Shares the data and passes index ranges: from/to fields, a range constructor (the old"
                + " one delegates with the full range), (from + to) >>> 1 splits, and every use of the"
                + " slice translated (length and size(), a[i] and get(i), isEmpty(), for-each loops, a"
                + " read-only helper gets subList(from, to)). A Guava Lists.partition loop becomes an index"
                + " loop over the parts.";
    }

    @Override
    public String safeWhen() {
        return "The task never writes or leaks the data, the field is private and only set in the constructor,"
                + " and every slice bound is provably within it; for lists also: every construction of the task starts from a new"
                + " random-access list that is run to completion where it is built and never escapes, and a"
                + " List.copyOf/ImmutableList.copyOf one holds no nulls. Lists.partition loops are always"
                + " REVIEW.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        SliceCopy match = context.match(finding, SliceCopy.class).orElse(null);
        if (match == null) {
            return Plan.none();
        }
        CtElement copy = match.copy();
        CtClass<?> task = copy.getParent(CtClass.class);
        SourceFile file = context.file(copy);
        if (task == null || file == null || !context.model().types().isForkJoinTask(task.getReference())) {
            return Plan.manual(notRewritable(match, null));
        }
        ArraySlices slices = new ArraySlices(task);
        ListSlices lists = new ListSlices(task, context.model().types());
        List<Site> sites = sitesIn(task, slices, lists, new HelperSlices(slices, lists));
        Site mine = sites.stream().filter(s -> s.copy() == copy).findFirst().orElse(null);
        if (mine == null) {
            String writes = writesToSource(task, slices, copy, new Lines(context.model(), file));
            return Plan.manual(writes != null ? writes : notRewritable(match, task));
        }
        List<Site> sameField = sites.stream()
                .filter(s -> ArraySlices.fieldOf(s.source()) == ArraySlices.fieldOf(mine.source())).toList();
        return new RangeRewriter(finding, context, file, task, mine, sameField).plan();
    }

    /**
     * Every argument of a {@code new Task(..)} inside the task class that is a slice of one of its array or List
     * fields, made in the task or by a helper that only copies.
     */
    private static List<Site> sitesIn(CtClass<?> task, ArraySlices slices, ListSlices listSlices, HelperSlices helpers) {
        List<Site> sites = new ArrayList<>();
        for (CtConstructorCall<?> construction : CodeScan.elementsIn(task, CtConstructorCall.class)) {
            CtTypeReference<?> type = construction.getType();
            if (type == null || !type.getQualifiedName().equals(task.getQualifiedName())) {
                continue;
            }
            for (int i = 0; i < construction.getArguments().size(); i++) {
                Site site = slices.siteOf(construction, i);
                if (site == null) {
                    site = listSlices.siteOf(construction, i);
                }
                if (site == null) {
                    site = helpers.siteOf(construction, i);
                }
                if (site != null) {
                    sites.add(site);
                }
            }
        }
        return sites;
    }

    /**
     * When the copied array is a field of the task that the task writes into, that is the reason to give:
     * the copies are what keep those writes apart.
     */
    private static String writesToSource(CtClass<?> task, ArraySlices slices, CtElement copy, Lines lines) {
        // Only a copy the task makes itself speaks about the field; a helper call is explained as a helper.
        if (!(copy instanceof CtInvocation<?> call) || !List.of("copyOfRange", "copyOf", "clone")
                .contains(call.getExecutable().getSimpleName())) {
            return null;
        }
        CtExpression<?> array = call.getExecutable().getSimpleName().equals("clone") ? call.getTarget()
                : call.getArguments().isEmpty() ? null : call.getArguments().get(0);
        CtFieldRead<?> source = array == null ? null : slices.fieldRead(array);
        if (source == null) {
            return null;
        }
        FieldUses uses = FieldUses.of(task, ArraySlices.fieldOf(source), null, Set.of(), lines);
        if (uses.writes.isEmpty()) {
            return null;
        }
        return task.getSimpleName() + " " + String.join("; ", uses.writes) + ", while its subtasks work on"
                + " private copies of its slices. With one shared array those writes would overlap what"
                + " the parent and the other subtasks read (for example an in-place sort of the copies followed by"
                + " a merge that reads them), so sharing would change the result. Restructure by hand, e.g. sort"
                + " ranges in place and merge through one scratch buffer.";
    }

    /** Why a finding is not an array slice of the task's own field handed to a subtask of the same class. */
    static String notRewritable(SliceCopy match, CtClass<?> task) {
        CtElement copy = match.copy();
        if (match.shape() == SliceCopy.Shape.HELPER) {
            return "the slice is copied inside helper " + ForkJoinModel.label(match.helper()) + ", whose body is not"
                    + " just a slice copy of a parameter that receives a field of the task (return"
                    + " Arrays.copyOfRange/copyOf(p, ..), a copy of p.subList(..), or a fresh array filled from p[0] by"
                    + " System.arraycopy) with bounds that are 0, p's length or other parameters; inline the helper's"
                    + " copy, or pass the data with from/to indices by hand.";
        }
        if (match.shape() == SliceCopy.Shape.STREAM) {
            return "the slice is built by a stream pipeline other than items.stream().skip(a) or .limit(b) on a List field"
                    + " of the task collected with Collectors.toList()/toUnmodifiableList() or toList() and handed straight"
                    + " to a new subtask; pass the list with from/to indices and read get(from + i) by hand.";
        }
        CtTypeReference<?> type = copy instanceof CtExpression<?> e ? e.getType() : null;
        boolean array = type instanceof CtArrayTypeReference<?>
                || copy instanceof CtInvocation<?> call && Apis.ARRAYCOPY.matchesExactly(call);
        if (task == null) {
            return "the copy is not made inside a task class, so there is no task to give an index range.";
        }
        if (!array) {
            return "the slice is not a subList of a List field of " + task.getSimpleName() + " handed straight to a new "
                    + task.getSimpleName() + "(..) (as subList(a, b), new ArrayList<>(..subList(a, b)), List.copyOf or"
                    + " ImmutableList.copyOf of one, or a local used only for that), so the rewrite cannot tell which"
                    + " range of which list the subtask gets. Pass the list itself with from/to indices by hand.";
        }
        return "the copy is not a slice of an array field of " + task.getSimpleName() + " handed straight to a new "
                + task.getSimpleName() + "(..) (Arrays.copyOfRange/copyOf, clone(), or System.arraycopy into a"
                + " fresh array used only for the subtask), so the rewrite cannot tell which range the subtask gets.";
    }
}
