package org.fjdoctor.analyzer.model;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.core.compiler.CategorizedProblem;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.Launcher;
import spoon.compiler.Environment;
import spoon.reflect.CtModel;
import spoon.support.compiler.VirtualFile;
import spoon.support.compiler.jdt.JDTBasedSpoonCompiler;

/**
 * Builds a Spoon model from already decoded {@link SourceFile}s. The text is handed to Spoon as
 * virtual files so that Spoon's offsets are offsets into exactly the text we decoded (and report on).
 */
public final class SpoonModelBuilder {

    /** The model plus the files JDT could not parse (Spoon leaves those out of the model). */
    public record Built(CtModel model, Map<String, SourceFile> filesByPath, Map<SourceFile, String> syntaxErrors) {
    }

    private SpoonModelBuilder() {
    }

    public static Built build(Collection<SourceFile> files, List<Path> classpath, int javaLevel) {
        Launcher launcher = new Launcher();
        Environment env = launcher.getEnvironment();
        // No-classpath even with a classpath: an incomplete classpath must degrade, not abort.
        env.setNoClasspath(true);
        env.setComplianceLevel(javaLevel);
        env.setIgnoreSyntaxErrors(true);
        env.setCommentEnabled(false);
        env.setShouldCompile(false);
        env.setAutoImports(false);
        env.setLevel("OFF");
        if (!classpath.isEmpty()) {
            env.setSourceClasspath(classpath.stream().map(Path::toString).toArray(String[]::new));
        }
        Map<String, SourceFile> byPath = new LinkedHashMap<>();
        for (SourceFile file : files) {
            String name = file.path().toString();
            byPath.put(name, file);
            launcher.addInputResource(new VirtualFile(file.text(), name));
        }
        JDTBasedSpoonCompiler compiler = (JDTBasedSpoonCompiler) launcher.getModelBuilder();
        compiler.build();
        CtModel model = launcher.getFactory().getModel();
        return new Built(model, byPath, syntaxErrors(compiler, byPath));
    }

    private static Map<SourceFile, String> syntaxErrors(JDTBasedSpoonCompiler compiler, Map<String, SourceFile> byPath) {
        Map<SourceFile, String> errors = new HashMap<>();
        List<CategorizedProblem> problems = new ArrayList<>(compiler.getProblems());
        for (CategorizedProblem problem : problems) {
            if (!problem.isError() || problem.getCategoryID() != CategorizedProblem.CAT_SYNTAX) {
                continue;
            }
            SourceFile file = byPath.get(new String(problem.getOriginatingFileName()));
            if (file == null) {
                file = byPath.get(new File(new String(problem.getOriginatingFileName())).getPath());
            }
            if (file != null) {
                errors.putIfAbsent(file, "line " + problem.getSourceLineNumber() + ": " + problem.getMessage());
            }
        }
        return errors;
    }
}
