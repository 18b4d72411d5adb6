package org.fjdoctor.cli.lsp;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;

/** What hovering over a finding shows: the finding, then its rule's rationale and page. */
final class Hovers {

    private Hovers() {
    }

    static Optional<Hover> of(List<Finding> findings) {
        if (findings.isEmpty()) {
            return Optional.empty();
        }
        String text = findings.stream().map(Hovers::markdown).collect(Collectors.joining("\n\n---\n\n"));
        return Optional.of(new Hover(new MarkupContent(MarkupKind.MARKDOWN, text)));
    }

    private static String markdown(Finding finding) {
        StringBuilder text = new StringBuilder();
        Optional<RuleInfo> rule = Rules.named(finding.ruleId()).map(r -> r.info());
        text.append("**fjdoctor ").append(rule.map(RuleInfo::code).orElse("")).append(' ')
                .append(finding.ruleId()).append("**");
        rule.ifPresent(info -> text.append(": ").append(info.title()));
        text.append("\n\n").append(finding.message());
        rule.ifPresent(info -> text.append("\n\n*Why it matters:* ").append(info.rationale()));
        Diagnostics.rulePage(finding.ruleId()).ifPresent(page -> text.append("\n\n[Rule page](").append(page).append(')'));
        return text.toString();
    }
}
