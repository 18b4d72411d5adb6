package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Javadocs;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.copyonjoin.ArrayConcatShape.Shape;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtFieldReference;

/**
 * The edits both array-merge rewrites make to an {@link ArrayConcatShape}: fields after the range fields, a
 * private constructor twin that also takes the shared state, the children created through it, their
 * results and the concatenation dropped.
 * New code follows the file's indentation and line separator.
 */
final class MergeEdits {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_$]+");

    private final RefactoringContext context;
    private final Shape shape;
    private final SourceFile file;
    private final String text;
    final String sep;
    final String unit;
    private final List<TextEdit> edits = new ArrayList<>();

    MergeEdits(RefactoringContext context, Shape shape) {
        this.context = context;
        this.shape = shape;
        this.file = context.file(shape.compute());
        this.text = file.text();
        this.sep = context.lineSeparator(file);
        this.unit = context.indentUnit(file);
    }

    /** {@code declarations} (each a whole field declaration), on lines after the later range field. */
    void addFields(List<String> declarations) {
        int fieldsEnd = Math.max(end(shape.rangeStart().getVariable().getDeclaration()),
                end(shape.rangeEnd().getVariable().getDeclaration()));
        String indent = context.indentation(file, fieldsEnd);
        StringBuilder code = new StringBuilder();
        declarations.forEach(d -> code.append(sep).append(indent).append(d));
        insert(SourceLines.lineEnd(text, fieldsEnd), code.toString());
    }

    /**
     * After the children's constructor: a private twin taking {@code parameters} too (declarations, each
     * with its description), delegating to it and storing them in the fields of the same names. When the
     * constructor is documented, so is the twin: its comment with an {@code @param} for each new parameter.
     */
    void addConstructorTwin(Map<String, String> parameters) {
        int constructorEnd = end(shape.constructor());
        String indent = context.indentation(file, constructorEnd);
        List<CtParameter<?>> original = shape.constructor().getParameters();
        String declared = original.isEmpty() ? "" : text.substring(start(original.get(0)),
                end(original.get(original.size() - 1))) + ", ";
        StringBuilder code = new StringBuilder(sep + sep + indent + twinDoc(parameters) + "private "
                + shape.task().getSimpleName() + "(" + declared + String.join(", ", parameters.keySet()) + ") {" + sep
                + indent + unit + "this(" + String.join(", ", original.stream().map(CtVariable::getSimpleName).toList())
                + ");" + sep);
        for (String parameter : parameters.keySet()) {
            String name = nameOf(parameter);
            code.append(indent).append(unit).append("this.").append(name).append(" = ").append(name).append(";").append(sep);
        }
        insert(SourceLines.lineEnd(text, constructorEnd), code + indent + "}");
    }

    /** The constructor's Javadoc documenting the new parameters too, and the twin's indentation after it; or "". */
    private String twinDoc(Map<String, String> parameters) {
        int[] doc = Javadocs.of(text, shape.constructor());
        if (doc == null) {
            return "";
        }
        Map<String, String> described = new LinkedHashMap<>();
        parameters.forEach((declaration, description) -> described.put(nameOf(declaration), description));
        TextEdit params = Javadocs.addParams(file.path(), text, doc, described, sep);
        String comment = params == null ? text.substring(doc[0], doc[1])
                : text.substring(doc[0], params.offset()) + params.replacement() + text.substring(params.offset(), doc[1]);
        return comment + sep + context.indentation(file, doc[0]);
    }

    private static String nameOf(String declaration) {
        return declaration.substring(declaration.lastIndexOf(' ') + 1);
    }

    /** The children are created through the twin; their results and the concatenation go. */
    void shareWithChildren(String arguments) {
        for (CtConstructorCall<?> child : shape.children()) {
            insert(end(child) - 1, ", " + arguments);
        }
        for (CtLocalVariable<?> result : shape.results()) {
            edits.add(TextEdit.replace(file.path(), start(result), start(result.getDefaultExpression()), ""));
        }
        for (CtStatement statement : shape.concat()) {
            edits.add(SourceLines.delete(file, statement));
        }
    }

    /** {@code code} on its own line(s) before {@code statement}, indented like it. */
    void insertBefore(CtStatement statement, String code) {
        insert(start(statement), code + sep + context.indentation(file, start(statement)));
    }

    void insert(int offset, String code) {
        edits.add(TextEdit.insert(file.path(), offset, code));
    }

    void replace(CtElement element, String replacement) {
        edits.add(TextEdit.replace(file.path(), start(element), end(element), replacement));
    }

    String indentation(CtElement element) {
        return context.indentation(file, start(element));
    }

    String text(CtElement element) {
        return context.text(element);
    }

    List<TextEdit> edits() {
        return edits;
    }

    /** The first of {@code candidates} that {@link #usedNames} does not hold, or null. */
    static String freeName(Set<String> used, List<String> candidates) {
        return candidates.stream().filter(n -> !used.contains(n)).findFirst().orElse(null);
    }

    /**
     * Names new members and locals must not shadow or clash with: every field of the task (inherited ones
     * too) and every word of its text, since bodies that task code cannot reach may be blanked in the model
     * and may still name an outer field the new field would hide.
     */
    static Set<String> usedNames(RefactoringContext context, Shape shape) {
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

    static int start(CtElement element) {
        return element.getPosition().getSourceStart();
    }

    /** One past the element's last character. */
    static int end(CtElement element) {
        return element.getPosition().getSourceEnd() + 1;
    }
}
