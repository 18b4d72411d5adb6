package org.fjdoctor.analyzer.scope;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.source.SourceFile;

import org.junit.jupiter.api.Test;

/** Which edits of a file outside the focused scope the lexical index proves harmless, and which it cannot. */
class OutsideEditsTest {

    private static final String TASK = """
            package app;
            class Crawl extends java.util.concurrent.RecursiveAction {
                @Override protected void compute() { Links.follow(1); }
            }
            """;
    private static final String LINKS = """
            package app;
            class Links { static void follow(int page) { } }
            """;
    private static final String REPORT = """
            package app.report;
            class Report { String line(Object o) { return String.valueOf(o); } }
            """;

    private final SourceFile task = file("app/Crawl.java", TASK);
    private final SourceFile links = file("app/Links.java", LINKS);
    private final OutsideEdits edits = OutsideEdits.of(List.of(task, links, file("app/report/Report.java", REPORT)),
            List.of(task.path(), links.path()));

    @Test
    void aBodyEditWithNamesNoRuleLooksAtCannotMatter() {
        assertTrue(edits.cannotMatter(report("String text = String.valueOf(o); return text.trim();")));
    }

    @Test
    void namingAForkJoinTypeMayMakeItASeed() {
        assertFalse(edits.cannotMatter(report("return String.valueOf(java.util.concurrent.ForkJoinPool.commonPool());")));
    }

    @Test
    void namingATypeDeclaredInTheTreeMayMatter() {
        assertFalse(edits.cannotMatter(report("return String.valueOf(Links.class);")));
    }

    @Test
    void namingAMethodOfTheModelMayMakeItACallSiteTheCallGraphSearches() {
        assertFalse(edits.cannotMatter(report("follow(o); return \"\";")));
    }

    @Test
    void codeThatMayRunInTheCommonPoolMayMatter() {
        assertFalse(edits.cannotMatter(report("return java.util.List.of(o).parallelStream().toString();")));
    }

    @Test
    void anInstantiationOrAChangedDeclarationMayMatter() {
        assertFalse(edits.cannotMatter(report("return new StringBuilder().toString();")));
        assertFalse(edits.cannotMatter(file("app/report/Report.java", REPORT.replace("class Report", "class Report2"))));
        assertFalse(edits.cannotMatter(file("app/report/Report.java", REPORT.replace("{ String", "implements Cloneable { String"))));
    }

    @Test
    void unbalancedBracesAreReportedSoTheyMatter() {
        assertFalse(edits.cannotMatter(file("app/report/Report.java", REPORT.replace("return", "{ return"))));
    }

    @Test
    void aFileInTheScopeOrUnknownAlwaysMatters() {
        assertFalse(edits.cannotMatter(file("app/Links.java", LINKS.replace("{ }", "{ int x = page; }"))));
        assertFalse(edits.cannotMatter(file("app/New.java", "package app; class New { }")));
        assertTrue(edits.inScope(links.path()));
    }

    @Test
    void anAcceptedEditIsTheBaseForTheNext() {
        SourceFile first = report("String text = String.valueOf(o); return text;");
        edits.accept(first);
        assertTrue(edits.cannotMatter(report("String text = String.valueOf(o); return text.strip();")));
    }

    private static SourceFile report(String body) {
        return file("app/report/Report.java", REPORT.replace("return String.valueOf(o);", body));
    }

    private static SourceFile file(String relative, String text) {
        return SourceFile.of(Path.of("/src").resolve(relative).toAbsolutePath(), relative, relative, text,
                StandardCharsets.UTF_8, false);
    }
}
