package org.fjdoctor.eclipse.engine;

import java.nio.charset.Charset;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.pipeline.Refactorings;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.refactorings.pipeline.Verifier;

/**
 * One analysis of a project's source folders, turned into marker attributes: what the builder and the
 * "Analyze with fjdoctor" command write. Plain Java, so tests run it without Eclipse.
 */
public final class EngineScan {

    /** A marker to create on {@code file}. */
    public record MarkerSpec(Path file, Map<String, Object> attributes) {
    }

    /**
     * @param files    every analyzed file (their old markers are replaced, so fixed findings disappear)
     * @param problems files the analyzer could not use
     */
    public record Result(List<Path> files, List<MarkerSpec> markers, List<FileProblem> problems) {
    }

    private EngineScan() {
    }

    /**
     * @param encoding the project's charset, or {@code null} for UTF-8 with a Latin-1 fallback
     * @param project  the project's {@code .fjdoctor.yml}: rules, severities, exclusions, depth, Java level
     * @throws NoSuchFileException when a root does not exist
     */
    public static Result run(List<Path> roots, Charset encoding, Settings settings, Config project)
            throws NoSuchFileException {
        // The level the project's settings file names, else per file its build's (pom, Gradle build or JDT
        // settings): quick fixes write code valid at it. The preferences only switch rules off.
        ProjectSetup setup = ProjectSetup.of(roots, encoding, settings, project);
        return markers(new Analyzer().analyze(setup.sourceSet(), setup.options()), settings.severities());
    }

    /** The markers for an analysis already made. */
    public static Result markers(Analyzer.Analysis analysis, SeverityMapping severities) {
        Map<Path, SourceFile> files = new LinkedHashMap<>();
        analysis.files().forEach(file -> files.put(file.path(), file));
        List<MarkerSpec> markers = new ArrayList<>();
        // The same verification as `fjdoctor fix` (parse at the project's level; no classpath here), applied
        // to each fix alone, since Ctrl+1 applies one at a time.
        Verifier verifier = new Verifier(analysis.files(), List.of(), analysis.javaLevels(), null);
        for (Refactorings.Planned planned : FixSession.offers(analysis, verifier)) {
            List<QuickFix> fixes = new ArrayList<>();
            for (Fix fix : planned.plan().fixes()) {
                fixes.add(QuickFix.of(fix, files));
            }
            SuppressFix.of(planned.finding(), analysis, files).ifPresent(fixes::add);
            markers.add(new MarkerSpec(planned.finding().location().file(),
                    MarkerAttributes.of(planned.finding(), fixes, severities)));
        }
        return new Result(List.copyOf(files.keySet()), markers, analysis.result().problems());
    }
}
