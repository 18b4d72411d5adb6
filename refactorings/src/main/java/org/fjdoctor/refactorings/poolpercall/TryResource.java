package org.fjdoctor.refactorings.poolpercall;

import java.util.List;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;

/**
 * Takes a per-call pool out of the one resource of a try-with-resources once it reads the shared field: a
 * shared pool must not be closed after the call. The resource becomes a local declared just before the try
 * ({@code var pool = POOL;}); a try left with no catch, no finally and no resource goes, its body moving one
 * level out. The caller has checked that no name declared by the try clashes with one around it.
 */
final class TryResource {

    private TryResource() {
    }

    static List<TextEdit> takeOut(RefactoringContext context, SourceFile file, CtTryWithResource tryStatement,
                                  CtLocalVariable<?> resource, CtConstructorCall<?> creation, String field) {
        String text = file.text();
        String declaration = text.substring(resource.getPosition().getSourceStart(), creation.getPosition().getSourceStart())
                + field + text.substring(creation.getPosition().getSourceEnd() + 1, resource.getPosition().getSourceEnd() + 1)
                + ";";
        int start = tryStatement.getPosition().getSourceStart();
        String indentation = context.indentation(file, start);
        String newline = context.lineSeparator(file);
        CtBlock<?> body = tryStatement.getBody();
        if (tryStatement.getCatchers().isEmpty() && tryStatement.getFinalizer() == null && ownsItsLines(text, tryStatement)) {
            return List.of(unwrap(context, file, tryStatement, indentation + declaration + newline));
        }
        int lineStart = SourceLines.lineStart(text, start);
        return List.of(TextEdit.insert(file.path(), lineStart, indentation + declaration + newline),
                TextEdit.replace(file.path(), start + "try".length(), body.getPosition().getSourceStart(), " "));
    }

    /**
     * The try's body one level out in place of the whole statement, after {@code firstLines}: for a try that
     * only existed for what is taken away (a resource, a {@code finally} that ended the pool). A try that
     * shares its lines with other code is replaced in place, within its line.
     */
    static TextEdit unwrap(RefactoringContext context, SourceFile file, CtTry tryStatement, String firstLines) {
        String text = file.text();
        CtBlock<?> body = tryStatement.getBody();
        int statementEnd = tryStatement.getPosition().getSourceEnd() + 1;
        if (!ownsItsLines(text, tryStatement)) {
            // Shares a line with other code (try { .. } finally { .. } on one line): no whole line can move,
            // so the body's statements take the statement's place as they stand.
            String inner = text.substring(body.getPosition().getSourceStart() + 1, body.getPosition().getSourceEnd());
            return TextEdit.replace(file.path(), tryStatement.getPosition().getSourceStart(), statementEnd,
                    firstLines.strip() + (firstLines.isBlank() ? "" : " ") + inner.strip());
        }
        int start = SourceLines.lineStart(text, tryStatement.getPosition().getSourceStart());
        int end = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, statementEnd));
        int innerStart = SourceLines.nextLineStart(text, SourceLines.lineEnd(text, body.getPosition().getSourceStart()));
        int innerEnd = SourceLines.lineStart(text, body.getPosition().getSourceEnd());
        String unit = context.indentUnit(file);
        StringBuilder outdented = new StringBuilder(firstLines);
        for (String line : SourceLines.linesWithTerminators(text.substring(innerStart, innerEnd))) {
            outdented.append(line.startsWith(unit) ? line.substring(unit.length()) : line);
        }
        return TextEdit.replace(file.path(), start, end, outdented.toString());
    }

    /**
     * Whether the try starts its line, its body's brace ends its line and the statement's last brace is alone
     * on its line: only then do whole lines move.
     */
    private static boolean ownsItsLines(String text, CtTry tryStatement) {
        int start = tryStatement.getPosition().getSourceStart();
        int bodyStart = tryStatement.getBody().getPosition().getSourceStart();
        int bodyEnd = tryStatement.getBody().getPosition().getSourceEnd();
        return text.substring(SourceLines.lineStart(text, start), start).isBlank()
                && text.substring(bodyStart + 1, SourceLines.lineEnd(text, bodyStart)).isBlank()
                && text.substring(SourceLines.lineStart(text, bodyEnd), bodyEnd).isBlank()
                && text.substring(bodyEnd + 1, SourceLines.lineEnd(text, bodyEnd)).isBlank();
    }
}
