package org.fjdoctor.refactorings.copyonfork;

import java.util.HashSet;
import java.util.Set;
import java.util.function.IntFunction;

import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Use;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Translates one use of the shared field to the task's {@code [from, to)} range, as edits on the file's
 * text: lengths and sizes, element indices, for-each loops, and for lists {@code isEmpty()} and the list
 * handed to a read-only helper.
 */
final class UseTranslator {

    private static final String[] INDEX_NAMES = {"i", "j", "k", "idx", "index", "at"};

    private final String text;
    private final EditBuffer edits;
    private final CtClass<?> task;
    private final String from;
    private final String to;
    /** The line separator, and the indentation of a loop body relative to the loop. */
    private final String sep;
    private final String unit;
    private final IntFunction<String> indentationAt;

    UseTranslator(String text, EditBuffer edits, CtClass<?> task, String from, String to, String sep, String unit,
                  IntFunction<String> indentationAt) {
        this.text = text;
        this.edits = edits;
        this.task = task;
        this.from = from;
        this.to = to;
        this.sep = sep;
        this.unit = unit;
        this.indentationAt = indentationAt;
    }

    void translate(Use use) {
        CtFieldAccess<?> access = use.access();
        switch (use.kind()) {
            case LENGTH -> {
                CtElement length = access.getParent();
                String range = to + " - " + from;
                edits.replace(start(length), end(length), Precedence.standsAlone(length) ? range : "(" + range + ")");
            }
            case ELEMENT -> {
                CtElement index = access.getParent() instanceof CtArrayRead<?> read ? read.getIndexExpression()
                        : ((CtInvocation<?>) access.getParent()).getArguments().get(0);
                edits.replace(start(index), end(index), Precedence.offset(from, index, render(index)));
            }
            case IS_EMPTY -> {
                CtElement isEmpty = access.getParent();
                String empty = to + " == " + from;
                edits.replace(start(isEmpty), end(isEmpty), comparisonStandsAlone(isEmpty) ? empty : "(" + empty + ")");
            }
            case VIEW_ARGUMENT -> edits.replace(start(access), end(access),
                    render(access) + ".subList(" + from + ", " + to + ")");
            case FOR_EACH -> forEach((CtForEach) access.getParent(), access);
            default -> {
            }
        }
    }

    /** Whether {@code to == from} keeps its meaning in place of {@code element} without parentheses. */
    private static boolean comparisonStandsAlone(CtElement element) {
        CtElement parent = element.getParent();
        if (parent instanceof CtBinaryOperator<?> binary) {
            return binary.getKind() == BinaryOperatorKind.AND || binary.getKind() == BinaryOperatorKind.OR;
        }
        return !(parent instanceof CtExpression<?>) || parent instanceof CtInvocation<?> call && call.getTarget() != element
                || parent instanceof CtConditional<?> conditional && conditional.getCondition() == element
                || parent instanceof CtAssignment<?, ?>;
    }

    /**
     * {@code for (T v : data) {..}} becomes {@code for (int i = from; i < to; i++) { T v = data[i]; ..}}
     * (a body without braces gets them)
     * ({@code data.get(i)} for a list). Over a List this reads through {@code get(i)}, which the safety check
     * only allows on random-access lists; it allocates nothing, where iterating a {@code subList(from, to)}
     * view would allocate a view and an iterator per loop.
     */
    private void forEach(CtForEach loop, CtFieldAccess<?> access) {
        int loopStart = start(loop);
        CtStatement body = loop.getBody() instanceof CtBlock<?> block && block.isImplicit()
                && block.getStatements().size() == 1 ? block.getStatement(0) : loop.getBody();
        int bodyStart = start(body);
        int open = text.indexOf('(', loopStart);
        int colon = text.lastIndexOf(':', start(access));
        int close = text.lastIndexOf(')', bodyStart);
        String declaration = text.substring(open + 1, colon).strip();
        String index = indexName();
        String header = "for (int " + index + " = " + from + "; " + index + " < " + to + "; " + index + "++)";
        String field = text.substring(start(access), end(access));
        String element = access.getVariable().getType() instanceof CtArrayTypeReference<?>
                ? field + "[" + index + "]" : field + ".get(" + index + ")";
        String local = declaration + " = " + element + ";";
        if (text.charAt(bodyStart) == '{') {
            edits.replace(loopStart, close + 1, header);
            edits.insert(bodyStart + 1, sep + indentationAt.apply(loopStart) + unit + local);
            return;
        }
        // A body without braces gets them: the element's local needs a block to live in.
        int bodyEnd = SourceLines.statementEnd(text, body) < 0 ? end(body) : SourceLines.statementEnd(text, body);
        if (SourceLines.lineStart(text, bodyStart) <= close) {
            edits.replace(loopStart, close + 1, header);
            edits.insert(bodyStart, "{ " + local + " ");
            edits.insert(bodyEnd, " }");
        } else {
            edits.replace(loopStart, close + 1, header + " {");
            edits.insert(bodyStart, local + sep + indentationAt.apply(bodyStart));
            edits.insert(bodyEnd, sep + indentationAt.apply(loopStart) + "}");
        }
    }

    private String indexName() {
        Set<String> taken = new HashSet<>();
        task.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> taken.add(v.getSimpleName()));
        taken.add(from);
        taken.add(to);
        for (String name : INDEX_NAMES) {
            if (!taken.contains(name)) {
                return name;
            }
        }
        return from + "Index";
    }

    private String render(CtElement element) {
        return edits.render(start(element), end(element));
    }

    private static int start(CtElement element) {
        return element.getPosition().getSourceStart();
    }

    private static int end(CtElement element) {
        return element.getPosition().getSourceEnd() + 1;
    }
}
