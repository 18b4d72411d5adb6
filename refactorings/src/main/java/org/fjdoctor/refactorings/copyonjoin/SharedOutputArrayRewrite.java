package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.rules.copyonjoin.CopyOnJoinRule;
import org.fjdoctor.analyzer.rules.copyonjoin.JoinCopy;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Javadocs;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.Shape;
import org.fjdoctor.analyzer.Rule;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtElement;

/**
 * FJ3 for array results whose size is the task's range length: instead of every parent concatenating its
 * children's fresh arrays, the root allocates its result once and hands it down with its own start
 * ({@code origin}); each leaf copies its array into it at {@code from - origin}, and parents only run
 * their children. A private constructor twin carries the shared array; the original constructor is
 * untouched, so every task created outside compute() is a root. Results of unknown size (filters) are
 * {@link ConcatOnceAtRootRewrite}'s; this rewrite explains the shapes neither handles.
 */
@AutoService(Refactoring.class)
public final class SharedOutputArrayRewrite implements Refactoring {

    private static final Pattern ELEMENT_TYPE = Pattern.compile("^new\\s+([^\\[]+?)\\s*\\[");
    private static final List<String> OUT_NAMES = List.of("out", "output", "sharedOut");
    private static final List<String> ORIGIN_NAMES = List.of("origin", "rootFrom", "outOrigin");

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnJoinRule.class;
    }

    @Override
    public int priority() {
        return 30; // array results of known size: one shared output
    }

    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(JoinCopy.class);
    }

    @Override
    public String summary() {
        return "Array results as long as the task's range, concatenated with"
                + " System.arraycopy/Arrays.copyOf at every level: the root allocates the result once and"
                + " passes it down (a private constructor twin with out/origin); each leaf copies its array"
                + " to from - origin; parents only fork and join.";
    }

    @Override
    public String safeWhen() {
        return "The leaf result is new E[to - from], leaves are to - from <= C, the children split"
                + " [from, m) and [m, to) of final fields, and left's then right's results are only"
                + " concatenated; REVIEW when the leaf's array is handed to other code.";
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        JoinCopy joinCopy = context.match(finding, JoinCopy.class).orElse(null);
        if (joinCopy == null
                || joinCopy.shape() != JoinCopy.Shape.ARRAYCOPY && joinCopy.shape() != JoinCopy.Shape.ARRAYS_COPY) {
            return Plan.none();
        }
        CtElement element = joinCopy.copy();
        ArrayConcatShape match = ArrayConcatShape.around(element);
        Shape shape = match.shape();
        String mismatch = shape == null ? match.reason()
                : !shape.concat().contains(element) && !shape.concat().contains(element.getParent())
                ? "this copy is not the task's own concatenation"
                : shape.leafArray() == null ? "the leaf does not start by creating its result as `new E[to - from]`,"
                + " so its size is not known to be the range's length (a filter keeps a data-dependent number of"
                + " elements)" : null;
        if (mismatch != null) {
            return Plan.manual("the results are arrays concatenated into a fresh array at every level, and "
                    + mismatch
                    + ". Writing into one shared output needs each subtask's output size up front (for a filter, a"
                    + " counting pass first) to know its place, or the leaves' arrays collected and concatenated once"
                    + " at the root: restructure it by hand.");
        }
        CtNewArray<?> created = (CtNewArray<?>) shape.leafArray().getDefaultExpression();
        Matcher type = ELEMENT_TYPE.matcher(context.text(created));
        if (!type.find() || !shape.leafArray().getType().toString().endsWith("[]")
                || shape.leafArray().getType().toString().endsWith("[][]")) {
            return Plan.manual("the result is not a one-dimensional array created as `new E[to - from]`, so the"
                    + " shared output's type cannot be written from it; restructure it by hand.");
        }
        Set<String> used = MergeEdits.usedNames(context, shape);
        String out = MergeEdits.freeName(used, OUT_NAMES);
        String origin = MergeEdits.freeName(used, ORIGIN_NAMES);
        if (out == null || origin == null) {
            return Plan.manual("every candidate name for the shared output and its origin is already used in "
                    + shape.task().getSimpleName() + "; restructure it by hand.");
        }
        return Plan.of(fix(finding, context, shape, edits(context, shape, type.group(1) + "[]", out, origin)));
    }

    private static List<TextEdit> edits(RefactoringContext context, Shape shape, String arrayType, String out,
                                        String origin) {
        MergeEdits edits = new MergeEdits(context, shape);
        edits.addFields(List.of("private " + arrayType + " " + out + ";", "private int " + origin + ";"));
        edits.addConstructorTwin(Javadocs.params(arrayType + " " + out, "the root task's result, which every leaf writes"
                + " its elements into (null in the root)", "int " + origin, "the root task's start of the range"));
        String from = edits.text(shape.rangeStart());
        edits.insertBefore(shape.compute().getBody().getStatements().get(0),
                arrayType + " " + out + " = this." + out + " == null ? "
                        + edits.text(shape.leafArray().getDefaultExpression()) + " : this." + out + ";" + edits.sep
                        + edits.indentation(shape.compute().getBody().getStatements().get(0)) + "int " + origin
                        + " = this." + out + " == null ? " + from + " : this." + origin + ";");
        String leaf = shape.leafArray().getSimpleName();
        edits.insertBefore(shape.leafReturn(), "System.arraycopy(" + leaf + ", 0, " + out + ", " + from + " - "
                + origin + ", " + leaf + ".length);");
        edits.replace(shape.leafReturn().getReturnedExpression(), out);
        edits.shareWithChildren(out + ", " + origin);
        edits.replace(shape.mergeReturn().getReturnedExpression(), out);
        return edits.edits();
    }

    private static Fix fix(Finding finding, RefactoringContext context, Shape shape, List<TextEdit> edits) {
        String leaf = shape.leafArray().getSimpleName();
        String title = "Write the subtasks' arrays into one output allocated by the root instead of concatenating"
                + " them at every level";
        String why = "Every " + shape.task().getSimpleName() + " returns an array exactly as long as its range: a"
                + " leaf returns `" + context.text(shape.leafArray().getDefaultExpression()) + "`, a parent its"
                + " children's arrays back to back, left first. So a leaf's elements end up at offset from - origin"
                + " of the root's result (origin: the root's from). The root now allocates that result once, just"
                + " as long as before and fresh for every run, and hands it to its subtasks through a private"
                + " constructor; each leaf copies '" + leaf + "' there once, and the children's results, used only"
                + " for the concatenation, are dropped. Whenever the original completes, the returned array has the"
                + " same type, length and elements.";
        if (!shape.escapes().isEmpty()) {
            List<String> lines = new ArrayList<>();
            for (CtVariableAccess<?> use : shape.escapes()) {
                lines.add("line " + use.getPosition().getLine());
            }
            return new Fix(ReuseJoinedResultRewrite.RULE, finding.fingerprint(), title, Safety.REVIEW, why
                    + " Review: '" + leaf + "' is also handed to other code (" + String.join(", ", lines) + "); if"
                    + " that code keeps it, later changes to it no longer reach the result, which now holds a"
                    + " copy taken when the leaf finishes rather than when its parent merges.", edits);
        }
        return new Fix(ReuseJoinedResultRewrite.RULE, finding.fingerprint(), title, Safety.SAFE, why, edits);
    }
}
