package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.Refactoring;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.Shape;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtFieldReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * FJ3 for array results whose size is the task's range length: instead of every parent concatenating its
 * children's fresh arrays, the root allocates its result once and hands it down with its own start
 * ({@code origin}); each leaf copies its array into it at {@code from - origin}, and parents only run
 * their children. A private constructor twin carries the shared array; the original constructor is
 * untouched, so every task created outside compute() is a root. Results of unknown size (filters) keep
 * a manual reason.
 */
@AutoService(Refactoring.class)
public final class SharedOutputArrayRewrite implements Refactoring {

    private static final String ARRAYS = "java.util.Arrays";
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_$]+");
    private static final Pattern ARRAYS_WORD = Pattern.compile("\\bArrays\\b");
    private static final Pattern ELEMENT_TYPE = Pattern.compile("^new\\s+([^\\[]+?)\\s*\\[");
    private static final List<String> OUT_NAMES = List.of("out", "output", "sharedOut");
    private static final List<String> ORIGIN_NAMES = List.of("origin", "rootFrom", "outOrigin");

    @Override
    public String ruleId() {
        return ReuseJoinedResultRewrite.RULE;
    }

    @Override
    public Plan plan(Finding finding, RefactoringContext context) {
        CtElement element = context.element(finding);
        if (!(element instanceof CtInvocation<?> call) || !(call.getExecutable().getSimpleName().equals("arraycopy")
                || call.getExecutable().getSimpleName().startsWith("copyOf"))) {
            return Plan.none();
        }
        ArrayConcatShape match = ArrayConcatShape.around(element);
        Shape shape = match.shape();
        if (shape == null || !shape.concat().contains(element) && !shape.concat().contains(element.getParent())) {
            return Plan.manual("the results are arrays concatenated into a fresh array at every level, and "
                    + (shape == null ? match.reason() : "this copy is not the task's own concatenation")
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
        Set<String> used = usedNames(context, shape);
        String out = OUT_NAMES.stream().filter(n -> !used.contains(n)).findFirst().orElse(null);
        String origin = ORIGIN_NAMES.stream().filter(n -> !used.contains(n)).findFirst().orElse(null);
        if (out == null || origin == null) {
            return Plan.manual("every candidate name for the shared output and its origin is already used in "
                    + shape.task().getSimpleName() + "; restructure it by hand.");
        }
        List<TextEdit> edits = edits(context, shape, type.group(1) + "[]", out, origin);
        return Plan.of(fix(finding, context, shape, edits));
    }

    private static List<TextEdit> edits(RefactoringContext context, Shape shape, String arrayType, String out,
                                        String origin) {
        SourceFile file = context.file(shape.compute());
        String text = file.text();
        String sep = context.lineSeparator(file);
        String unit = context.indentUnit(file);
        List<TextEdit> edits = new ArrayList<>();

        CtNewArray<?> created = (CtNewArray<?>) shape.leafArray().getDefaultExpression();
        CtBinaryOperator<?> length = (CtBinaryOperator<?>) created.getDimensionExpressions().get(0);
        CtField<?> from = shape.rangeStart().getVariable().getDeclaration();
        CtField<?> to = ((CtFieldRead<?>) length.getLeftHandOperand()).getVariable().getDeclaration();
        int fieldsEnd = Math.max(end(from), end(to));
        String fieldIndent = context.indentation(file, fieldsEnd);
        edits.add(TextEdit.insert(file.path(), StatementLines.lineEnd(text, fieldsEnd),
                sep + fieldIndent + "private " + arrayType + " " + out + ";"
                        + sep + fieldIndent + "private int " + origin + ";"));

        int constructorEnd = end(shape.constructor());
        String indent = context.indentation(file, constructorEnd);
        List<CtParameter<?>> parameters = shape.constructor().getParameters();
        String declared = parameters.isEmpty() ? "" : text.substring(start(parameters.get(0)),
                end(parameters.get(parameters.size() - 1))) + ", ";
        String passed = String.join(", ", parameters.stream().map(CtVariable::getSimpleName).toList());
        edits.add(TextEdit.insert(file.path(), StatementLines.lineEnd(text, constructorEnd), sep + sep
                + indent + "private " + shape.task().getSimpleName() + "(" + declared + arrayType + " " + out
                + ", int " + origin + ") {" + sep
                + indent + unit + "this(" + passed + ");" + sep
                + indent + unit + "this." + out + " = " + out + ";" + sep
                + indent + unit + "this." + origin + " = " + origin + ";" + sep
                + indent + "}"));

        CtStatement guard = shape.compute().getBody().getStatements().get(0);
        String bodyIndent = context.indentation(file, start(guard));
        edits.add(TextEdit.insert(file.path(), start(guard),
                arrayType + " " + out + " = this." + out + " == null ? " + context.text(created) + " : this." + out
                        + ";" + sep + bodyIndent + "int " + origin + " = this." + out + " == null ? "
                        + context.text(shape.rangeStart()) + " : this." + origin + ";" + sep + bodyIndent));

        String leaf = shape.leafArray().getSimpleName();
        int leafReturn = start(shape.leafReturn());
        edits.add(TextEdit.insert(file.path(), leafReturn, "System.arraycopy(" + leaf + ", 0, " + out + ", "
                + context.text(shape.rangeStart()) + " - " + origin + ", " + leaf + ".length);" + sep
                + context.indentation(file, leafReturn)));
        edits.add(replace(file, shape.leafReturn().getReturnedExpression(), out));

        for (CtConstructorCall<?> child : shape.children()) {
            edits.add(TextEdit.insert(file.path(), end(child) - 1, ", " + out + ", " + origin));
        }
        for (CtLocalVariable<?> result : shape.results()) {
            edits.add(TextEdit.replace(file.path(), start(result), start(result.getDefaultExpression()), ""));
        }
        for (CtStatement statement : shape.concat()) {
            edits.add(StatementLines.delete(file, statement));
        }
        edits.add(replace(file, shape.mergeReturn().getReturnedExpression(), out));
        CtImport unused = unusedArraysImport(shape, file, edits);
        if (unused != null) {
            edits.add(StatementLines.delete(file, unused));
        }
        return edits;
    }

    /**
     * {@code import java.util.Arrays;} when the deleted concatenation held the file's only mention of Arrays.
     * The check reads the file's text, not the model: the model may hold blanked bodies of methods that task
     * code cannot reach, and a mention in a comment only keeps an import that is then merely unused.
     */
    private static CtImport unusedArraysImport(Shape shape, SourceFile file, List<TextEdit> edits) {
        CtCompilationUnit unit = shape.task().getPosition().getCompilationUnit();
        CtImport arrays = unit == null ? null : unit.getImports().stream()
                .filter(i -> i.getImportKind() == CtImportKind.TYPE && i.getReference() instanceof CtTypeReference<?> ref
                        && ARRAYS.equals(ref.getQualifiedName()) && i.getPosition().isValidPosition())
                .findFirst().orElse(null);
        if (arrays == null) {
            return null;
        }
        String text = file.text();
        Matcher mention = ARRAYS_WORD.matcher(text);
        while (mention.find()) {
            int at = mention.start();
            boolean deleted = at >= start(arrays) && at < end(arrays)
                    || edits.stream().anyMatch(e -> e.replacement().isEmpty() && at >= e.offset() && at < e.end());
            if (!deleted) {
                return null;
            }
        }
        return arrays;
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

    /**
     * Names the new fields and locals must not shadow or clash with: every field of the task (inherited ones
     * too) and every word of its text, since bodies that task code cannot reach may be blanked in the model
     * and may still name an outer field the new field would hide.
     */
    private static Set<String> usedNames(RefactoringContext context, Shape shape) {
        Set<String> used = new HashSet<>();
        for (CtFieldReference<?> field : shape.task().getAllFields()) {
            used.add(field.getSimpleName());
        }
        Matcher word = WORD.matcher(context.text(shape.task()));
        while (word.find()) {
            used.add(word.group());
        }
        return used;
    }

    private static TextEdit replace(SourceFile file, CtElement element, String replacement) {
        return TextEdit.replace(file.path(), start(element), end(element), replacement);
    }

    private static int start(CtElement element) {
        return element.getPosition().getSourceStart();
    }

    /** One past the element's last character. */
    private static int end(CtElement element) {
        return element.getPosition().getSourceEnd() + 1;
    }
}
