package org.fjdoctor.cli.docs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.refactorings.Refactoring;

/**
 * The rule documentation pages, {@code docs/rules/<id>.md} and an index {@code README.md}, written from
 * each rule's {@link RuleInfo} and the refactorings for it ({@link Refactoring#summary()},
 * {@link Refactoring#safeWhen()}). Generated, never edited: a test fails when the checked-in pages
 * differ from what this writes.
 */
public final class RuleDocs {

    /** The command that rewrites the checked-in pages, for messages and the pages' own header. */
    public static final String REGENERATE = "./fjdoctor docs --output docs/rules";
    public static final String INDEX = "README.md";

    private RuleDocs() {
    }

    /** File name to content: one page per rule, then the index. */
    public static Map<String, String> pages(List<Rule> rules, List<Refactoring> refactorings) {
        Map<String, String> pages = new LinkedHashMap<>();
        for (Rule rule : rules) {
            List<Refactoring> fixes = refactorings.stream().filter(r -> r.ruleId().equals(rule.info().id())).toList();
            pages.put(fileName(rule.info()), page(rule, fixes));
        }
        pages.put(INDEX, index(rules, refactorings));
        return pages;
    }

    public static String fileName(RuleInfo info) {
        return info.id() + ".md";
    }

    private static String page(Rule rule, List<Refactoring> fixes) {
        RuleInfo info = rule.info();
        StringBuilder md = new StringBuilder();
        md.append("<!-- Generated from @RuleInfo on ").append(rule.getClass().getName())
                .append(" and its refactorings by '").append(REGENERATE).append("'; do not edit. -->\n\n");
        md.append("# ").append(info.code()).append(" `").append(info.id()).append("`: ").append(prose(info.title()))
                .append("\n\n");
        md.append("| | |\n|---|---|\n")
                .append("| id | `").append(info.id()).append("` |\n")
                .append("| code | ").append(info.code()).append(" |\n")
                .append("| category | ").append(words(info.category().name())).append(" |\n")
                .append("| default severity | ").append(words(info.severity().name())).append(" |\n\n");
        md.append("## What it finds\n\n").append(prose(info.description())).append("\n\n");
        md.append("## Why it costs time and energy\n\n").append(prose(info.rationale())).append("\n\n");
        if (info.figures().length > 0) {
            md.append("## Published figures\n\n");
            for (String figure : info.figures()) {
                md.append("- ").append(prose(figure)).append('\n');
            }
            md.append('\n');
            if (!info.source().isEmpty()) {
                md.append("Source: ").append(prose(info.source())).append("\n\n");
            }
        }
        if (!info.example().isEmpty()) {
            md.append("## Example\n\n```java\n").append(info.example().stripTrailing()).append("\n```\n\n");
            if (!info.fixedExample().isEmpty()) {
                md.append("Fixed:\n\n```java\n").append(info.fixedExample().stripTrailing()).append("\n```\n\n");
            }
        }
        fixes(md, info, fixes);
        suppressing(md, info);
        return md.toString();
    }

    private static void fixes(StringBuilder md, RuleInfo info, List<Refactoring> fixes) {
        md.append("## Fixes\n\n");
        if (fixes.isEmpty()) {
            md.append("No automatic fix yet: the finding's message says what to change by hand.\n\n");
            return;
        }
        md.append("Listed most effective first. A fix is SAFE when the rewrite is proven to keep the program's")
                .append(" behaviour (`fjdoctor fix` applies the first SAFE fix of each finding); one that cannot be")
                .append(" proven is offered as REVIEW (`fjdoctor fix --include-review` applies the first fix, SAFE or")
                .append(" REVIEW). Where no fix applies, the finding says why it needs manual work.\n\n");
        for (Refactoring fix : fixes) {
            md.append("### ").append(fix.getClass().getSimpleName())
                    .append("\n\n").append(fix.summary().isEmpty() ? "Not described yet." : prose(fix.summary()))
                    .append("\n\n**SAFE when:** ")
                    .append(fix.safeWhen().isEmpty() ? "not described yet." : prose(fix.safeWhen())).append("\n\n");
        }
    }

    private static void suppressing(StringBuilder md, RuleInfo info) {
        md.append("## Suppressing\n\n")
                .append("- `@SuppressWarnings(\"fjdoctor:").append(info.id()).append("\")` (or `\"fjdoctor:")
                .append(info.code()).append("\"`, or `\"fjdoctor\"` for every rule) on the element or any")
                .append(" enclosing one: method, constructor, field or type.\n")
                .append("- `// fjdoctor:ignore ").append(info.id()).append("` at the end of the line, or alone on the")
                .append(" line above it.\n")
                .append("- Leave the rule out with `--rules`, or record today's findings with `fjdoctor scan --format")
                .append(" json --output baseline.json` and pass `--baseline baseline.json` later, so only new ones")
                .append(" count.\n");
    }

    private static String index(List<Rule> rules, List<Refactoring> refactorings) {
        StringBuilder md = new StringBuilder();
        md.append("<!-- Generated from the rules' @RuleInfo by '").append(REGENERATE).append("'; do not edit. -->\n\n")
                .append("# fjdoctor rules\n\n")
                .append("One page per rule: what it finds, why it costs time and energy, the published figures, an")
                .append(" example, the automatic fixes and when each is SAFE, and how to suppress it.\n\n")
                .append("| code | rule | what it finds | default severity | automatic fixes |\n|---|---|---|---|---|\n");
        for (Rule rule : rules) {
            RuleInfo info = rule.info();
            long fixes = refactorings.stream().filter(r -> r.ruleId().equals(info.id())).count();
            md.append("| ").append(info.code()).append(" | [`").append(info.id()).append("`](").append(fileName(info))
                    .append(") | ").append(prose(info.title()).replace("|", "\\|")).append(" | ")
                    .append(words(info.severity().name())).append(" | ").append(fixes).append(" |\n");
        }
        return md.toString();
    }

    /** Markdown prose: a {@code <} would start an HTML tag on GitHub ({@code RecursiveTask<Long>}). */
    private static String prose(String text) {
        return text.replace("<", "&lt;");
    }

    /** {@code SYNCHRONIZATION_MANAGEMENT} -> {@code synchronization management}. */
    private static String words(String enumName) {
        return enumName.toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
