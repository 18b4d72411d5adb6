package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.LeafFacts;
import org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.Shape;
import org.fjdoctor.refactorings.imports.Importer;
import org.fjdoctor.analyzer.Rule;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeParameterReference;

/**
 * FJ3 for array results of unknown size (filters) in the {@link ArrayConcatShape}: every leaf files its
 * array in one {@code ConcurrentSkipListMap} created by the root, keyed by the leaf's offset from the root's
 * start ({@code origin}), and the root concatenates them once after all joins, instead of every parent concatenating its children's
 * arrays. Leaves' arrays are copied once instead of once per level.
 */
@AutoService(Refactoring.class)
public final class ConcatOnceAtRootRewrite implements Refactoring {

    private static final String MAP = "java.util.concurrent.ConcurrentSkipListMap";

    @Override
    public Class<? extends Rule> rule() {
        return CopyOnJoinRule.class;
    }

    @Override
    public int priority() {
        return 10; // array results of data-dependent size: concatenated once at the root
    }

    @Override
    public String summary() {
        return "The same merge for filters (leaf sizes unknown): each leaf files its array in one"
                + " ConcurrentSkipListMap the root creates, keyed by its offset from the root's start; the"
                + " root concatenates once after the joins.";
    }

    @Override
    public String safeWhen() {
        return "As for the shared output array, and the leaf returns a new array nothing else holds,"
                + " creates a new X[to - from], and the split is (from + to) >>> 1 or from + (to - from) /"
                + " 2 with only ranges of 2+ elements split; otherwise REVIEW.";
    }

    /** Nothing for shapes it does not handle: {@link SharedOutputArrayRewrite} plans or explains those. */
    @Override
    public Set<Class<? extends Match>> matches() {
        return Set.of(JoinCopy.class);
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        JoinCopy joinCopy = context.match(finding, JoinCopy.class).orElse(null);
        if (joinCopy == null
                || joinCopy.shape() != JoinCopy.Shape.ARRAYCOPY && joinCopy.shape() != JoinCopy.Shape.ARRAYS_COPY) {
            return Plan.none();
        }
        CtElement element = joinCopy.copy();
        Shape shape = ArrayConcatShape.around(element).shape();
        if (shape == null || shape.leafArray() != null
                || !shape.concat().contains(element) && !shape.concat().contains(element.getParent())
                || !(shape.compute().getType() instanceof CtArrayTypeReference<?> array)
                || array.getComponentType() instanceof CtArrayTypeReference<?>
                || array.getComponentType() instanceof CtTypeParameterReference
                || !shape.compute().getType().getPosition().isValidPosition()) {
            return Plan.none();
        }
        Set<String> used = MergeEdits.usedNames(context, shape);
        String parts = MergeEdits.freeName(used, List.of("parts", "leafParts", "collectedParts"));
        String leaf = MergeEdits.freeName(used, List.of("leaf", "fileLeaf", "collectLeaf"));
        String concatenate = MergeEdits.freeName(used, List.of("concatenate", "concatenateParts", "joinParts"));
        String origin = MergeEdits.freeName(used, List.of("origin", "rootFrom", "partsOrigin"));
        if (parts == null || leaf == null || concatenate == null || origin == null) {
            return Plan.none();
        }
        String arrayType = context.text(shape.compute().getType());
        MergeEdits edits = new MergeEdits(context, shape);
        Importer importer = Importer.at(context, shape.compute());
        String map = importer.name(MAP);
        if (map == null) {
            return Plan.none();
        }
        String mapType = map + "<Integer, " + arrayType + ">";
        String from = edits.text(shape.rangeStart());

        edits.addFields(List.of("private " + mapType + " " + parts + ";", "private int " + origin + ";"));
        edits.addConstructorTwin(Javadocs.params(mapType + " " + parts, "the leaves' arrays by their offset from the root"
                + " task's start (null in the root)", "int " + origin, "the root task's start of the range"));
        CtStatement guard = shape.compute().getBody().getStatements().get(0);
        edits.insertBefore(guard, mapType + " " + parts + " = this." + parts + " == null ? new " + map
                + (context.javaLevel(guard) >= 7 ? "<>" : mapType.substring(map.length())) + "() : this."
                + parts + ";" + edits.sep + edits.indentation(guard) + "int " + origin + " = this." + parts + " == null ? "
                + from + " : this." + origin + ";");
        edits.replace(shape.leafReturn().getReturnedExpression(), leaf + "("
                + edits.text(shape.leafReturn().getReturnedExpression()) + ")");
        edits.shareWithChildren(parts + ", " + origin);
        edits.replace(shape.mergeReturn().getReturnedExpression(), "this." + parts + " == null ? " + concatenate
                + "(" + parts + ") : null");
        String i = edits.indentation(shape.compute());
        String u = edits.unit;
        String n = edits.sep;
        String element0 = arrayType.substring(0, arrayType.length() - 2);
        edits.insert(SourceLines.lineEnd(context.file(shape.compute()).text(), MergeEdits.end(shape.compute())),
                n + n + i + "private " + arrayType + " " + leaf + "(" + arrayType + " part) {" + n
                + i + u + "if (" + parts + " != null) {" + n
                + i + u + u + parts + ".put(" + from + " - " + origin + ", part);" + n
                + i + u + "}" + n
                + i + u + "return part;" + n
                + i + "}" + n + n
                + i + "private static " + arrayType + " " + concatenate + "(" + mapType + " parts) {" + n
                + i + u + "int length = 0;" + n
                + i + u + "for (" + arrayType + " part : parts.values()) {" + n
                + i + u + u + "length += part.length;" + n
                + i + u + "}" + n
                + i + u + arrayType + " all = new " + element0 + "[length];" + n
                + i + u + "int at = 0;" + n
                + i + u + "for (" + arrayType + " part : parts.values()) {" + n
                + i + u + u + "System.arraycopy(part, 0, all, at, part.length);" + n
                + i + u + u + "at += part.length;" + n
                + i + u + "}" + n
                + i + u + "return all;" + n
                + i + "}");
        importer.edits().forEach(edit -> edits.insert(edit.offset(), edit.replacement()));
        return Plan.of(fix(finding, shape, edits));
    }

    private static Fix fix(Finding finding, Shape shape, MergeEdits edits) {
        LeafFacts facts = shape.facts();
        String task = shape.task().getSimpleName();
        String title = "Collect the leaves' arrays in one map and concatenate them once at the root instead of at"
                + " every level";
        String why = "Each leaf files its array in one ConcurrentSkipListMap the root creates, keyed by the leaf's"
                + " offset from the root's start (origin); the root concatenates the map's arrays in key order once all subtasks are joined"
                + " (the joins order the leaves' writes before the root reads), and a root that is itself a leaf"
                + " returns its array as before. The subtasks' results were only used for the concatenation.";
        List<String> concerns = new ArrayList<>();
        if (!facts.fresh()) {
            concerns.add("the leaf may return an array that other code also holds, and the root now reads it"
                    + " later than the parent copied it");
        }
        for (var use : shape.escapes()) {
            concerns.add("the leaf's array '" + facts.returnedArray().getSimpleName() + "' is handed to other code"
                    + " (line " + use.getPosition().getLine() + "), which may change it before the root reads it");
        }
        if (!facts.rangeAllocated()) {
            concerns.add("the leaf does not create a `new X[to - from]`, so a subtask over an inverted range"
                    + " would not fail as it does now, and the leaves' offsets may not follow their order");
        }
        if (!facts.standardSplit()) {
            concerns.add("the split point is not `(from + to) >>> 1` or `from + (to - from) / 2` with only ranges of"
                    + " 2 or more elements split, so two leaves could start at the same offset and one would"
                    + " replace the other in the map");
        }
        if (concerns.isEmpty()) {
            return new Fix(ReuseJoinedResultRewrite.RULE, finding.fingerprint(), title, Safety.SAFE, why
                    + " Ordering by offset is the parents' order: every leaf of a " + task + " run that completes"
                    + " created a `new X[to - from]`, so no range is inverted and the children's lengths add up to"
                    + " their parent's; the split point lies strictly inside every range that splits, so the leaves'"
                    + " offsets are distinct and left's come before right's; and every leaf returns a new array"
                    + " nothing else holds.",
                    edits.edits());
        }
        return new Fix(ReuseJoinedResultRewrite.RULE, finding.fingerprint(), title, Safety.REVIEW, why
                + " Review: " + String.join("; ", concerns) + ".", edits.edits());
    }
}
