package org.fjdoctor.cli.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.Suppression;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.pipeline.Refactorings;

/**
 * The quick fixes of the findings in a range: each fix of each finding, titled with its safety (SAFE or
 * REVIEW) and applied as a workspace edit (imports included, as the fix computed them), then the suppression.
 */
final class CodeActions {

    private CodeActions() {
    }

    /**
     * @param findings the findings the client asked about, all of the current analysis
     * @param diagnostics the diagnostics the actions resolve, by finding fingerprint
     */
    static List<CodeAction> of(Analyzer.Analysis analysis, List<Finding> findings, Map<String, Diagnostic> diagnostics) {
        if (findings.isEmpty()) {
            return List.of();
        }
        Map<Path, SourceFile> files = Workspace.byPath(analysis.files());
        List<CodeAction> actions = new ArrayList<>();
        boolean preferred = false;
        for (Refactorings.Planned planned : Refactorings.plan(only(analysis, findings))) {
            Diagnostic diagnostic = diagnostics.get(planned.finding().fingerprint());
            for (Fix fix : planned.plan().fixes()) {
                // The first SAFE fix is the one an editor may apply on its own ("fix all" / auto-fix).
                boolean first = !preferred && fix.safety() == Safety.SAFE;
                preferred |= first;
                actions.add(action(fix.safety() + ": " + fix.title(), fix.edits(), files, diagnostic, first));
            }
        }
        for (Finding finding : findings) {
            Suppression.of(finding, analysis).ifPresent(suppression -> actions.add(action(suppression.title(),
                    List.of(suppression.edit()), files, diagnostics.get(finding.fingerprint()), false)));
        }
        return actions;
    }

    /** The analysis as if it had found only {@code findings}: planning costs only what the client asks about. */
    private static Analyzer.Analysis only(Analyzer.Analysis analysis, List<Finding> findings) {
        ScanResult all = analysis.result();
        ScanResult some = new ScanResult(all.rules(), findings, all.problems(), all.files(), all.lines(),
                all.modelFiles(), all.millis());
        return new Analyzer.Analysis(some, analysis.model(), analysis.files(), analysis.elements(), analysis.matches(),
                analysis.javaLevels());
    }

    private static CodeAction action(String title, List<TextEdit> edits, Map<Path, SourceFile> files,
                                     Diagnostic diagnostic, boolean preferred) {
        Map<String, List<org.eclipse.lsp4j.TextEdit>> changes = new LinkedHashMap<>();
        for (TextEdit edit : edits) {
            SourceFile file = files.get(edit.file());
            changes.computeIfAbsent(Positions.uri(edit.file()), uri -> new ArrayList<>())
                    .add(new org.eclipse.lsp4j.TextEdit(Positions.range(file, edit.offset(), edit.end()),
                            edit.replacement()));
        }
        CodeAction action = new CodeAction(title);
        action.setKind(CodeActionKind.QuickFix);
        action.setEdit(new WorkspaceEdit(changes));
        action.setIsPreferred(preferred);
        if (diagnostic != null) {
            action.setDiagnostics(List.of(diagnostic));
        }
        return action;
    }
}
