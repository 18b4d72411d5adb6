package org.fjdoctor.refactorings.joinorder;

import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.refactorings.SourceLines;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.reference.CtLocalVariableReference;

/** What the join statements of one block are, as text and as code: what ReverseJoinsRewrite moves. */
final class StatementText {

    private StatementText() {
    }

    /**
     * The statement's text from the first non-blank character of its line to its semicolon, when nothing but
     * blanks precede it on its first line and nothing but blanks or a comment follow it on its last one;
     * {@code null} otherwise.
     */
    static int[] range(String text, CtStatement statement) {
        int start = statement.getPosition().getSourceStart();
        int lineStart = SourceLines.lineStart(text, start);
        int first = lineStart;
        while (first < start && (text.charAt(first) == ' ' || text.charAt(first) == '\t')) {
            first++;
        }
        int end = SourceLines.statementEnd(text, statement);
        if (end < 0 || !text.substring(first, start).matches("[\\w\\s@]*")) {
            return null; // modifiers such as final may precede Spoon's start of a local variable
        }
        String rest = text.substring(end, SourceLines.lineEnd(text, end)).strip();
        return rest.isEmpty() || rest.startsWith("//") ? new int[] {first, end} : null;
    }

    /** Whether the statement only joins (one of {@code joins}), or stores one's result in a local. */
    static boolean onlyJoins(CtStatement statement, List<CtInvocation<?>> joins) {
        if (statement instanceof CtInvocation<?> call) {
            return joins.contains(call);
        }
        if (statement instanceof CtLocalVariable<?> local) {
            return joins.stream().anyMatch(join -> join == local.getDefaultExpression());
        }
        return statement instanceof CtAssignment<?, ?> assignment && !(assignment instanceof CtOperatorAssignment<?, ?>)
                && assignment.getAssigned() instanceof CtVariableWrite<?> write
                && write.getVariable() instanceof CtLocalVariableReference<?>
                && joins.stream().anyMatch(join -> join == assignment.getAssignment());
    }

    /** Whether {@code reader} reads a local that {@code declarer} declares or assigns. */
    static boolean readsLocalOf(CtStatement reader, CtStatement declarer) {
        for (CtVariableRead<?> read : CodeScan.elementsIn(reader, CtVariableRead.class)) {
            if (!(read.getVariable() instanceof CtLocalVariableReference<?> local)) {
                continue;
            }
            if (declarer instanceof CtLocalVariable<?> declared && local.getDeclaration() == declared) {
                return true;
            }
            for (CtVariableWrite<?> write : CodeScan.elementsIn(declarer, CtVariableWrite.class)) {
                if (write.getVariable() instanceof CtLocalVariableReference<?> written
                        && written.getDeclaration() == local.getDeclaration()) {
                    return true;
                }
            }
        }
        return false;
    }
}
