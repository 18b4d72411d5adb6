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

import org.eclipse.jdt.internal.compiler.ast.CompilationUnitDeclaration;

import spoon.Launcher;
import spoon.reflect.declaration.CtType;
import spoon.reflect.factory.Factory;
import spoon.support.compiler.jdt.JDTTreeBuilder;
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
        Map<String, String> crashed = new LinkedHashMap<>();
        Launcher launcher = new Launcher() {
            @Override
            public spoon.SpoonModelBuilder createCompiler(Factory factory) {
                return new IsolatingCompiler(factory, crashed);
            }
        };
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
        Map<SourceFile, String> failures = syntaxErrors(compiler, byPath);
        crashed.forEach((path, message) -> {
            SourceFile file = byPath.get(path);
            if (file != null) {
                // Half-built types would give findings that depend on where Spoon stopped: drop them.
                new ArrayList<>(launcher.getFactory().CompilationUnit().getOrCreate(path).getDeclaredTypes())
                        .forEach(CtType::delete);
                failures.putIfAbsent(file, "Spoon could not model it: " + message);
            }
        });
        return new Built(model, byPath, failures);
    }

    /**
     * Spoon occasionally throws on code it does not support (seen with newer syntax than the chosen
     * language level). One such file must not end the scan: note it and go on with the next unit.
     */
    private static final class IsolatingCompiler extends JDTBasedSpoonCompiler {
        private final Map<String, String> crashed;

        IsolatingCompiler(Factory factory, Map<String, String> crashed) {
            super(factory);
            this.crashed = crashed;
        }

        @Override
        protected void traverseUnitDeclaration(JDTTreeBuilder builder, CompilationUnitDeclaration unit) {
            try {
                super.traverseUnitDeclaration(builder, unit);
            } catch (RuntimeException | StackOverflowError e) {
                crashed.put(new String(unit.getFileName()), e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()));
            }
        }
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
