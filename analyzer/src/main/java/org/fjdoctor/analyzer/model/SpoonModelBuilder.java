package org.fjdoctor.analyzer.model;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.jdt.core.compiler.CategorizedProblem;
import org.eclipse.jdt.internal.compiler.CompilationResult;
import org.eclipse.jdt.internal.compiler.DefaultErrorHandlingPolicies;
import org.eclipse.jdt.internal.compiler.ast.CompilationUnitDeclaration;
import org.eclipse.jdt.internal.compiler.batch.CompilationUnit;
import org.eclipse.jdt.internal.compiler.impl.CompilerOptions;
import org.eclipse.jdt.internal.compiler.parser.Parser;
import org.eclipse.jdt.internal.compiler.problem.DefaultProblemFactory;
import org.eclipse.jdt.internal.compiler.problem.ProblemReporter;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.analyzer.source.SourceFile;

import spoon.Launcher;
import spoon.reflect.factory.Factory;
import spoon.support.compiler.jdt.JDTTreeBuilder;
import spoon.compiler.Environment;
import spoon.reflect.CtModel;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtType;
import spoon.reflect.factory.CompilationUnitFactory;
import spoon.support.compiler.VirtualFile;
import spoon.support.compiler.jdt.JDTBasedSpoonCompiler;

/**
 * Builds a Spoon model from already decoded {@link SourceFile}s. The text is handed to Spoon as
 * virtual files so that Spoon's offsets are offsets into exactly the text we decoded (and report on).
 */
public final class SpoonModelBuilder {

    /** The newest Java language level the bundled JDT parses. */
    static final int NEWEST_LEVEL = Integer.parseInt(CompilerOptions.getLatestVersion());
    private static final int[] LTS_LEVELS = {11, 17, 21, 25};

    /**
     * The model plus the files left out of it.
     *
     * @param syntaxErrors files JDT could not parse (Spoon leaves those out of the model)
     * @param crashed      files Spoon threw on, or took longer than the time budget for, while modelling
     *                     them, with why; their half-built types are not in the model
     * @param overBudget   those of {@code crashed} that took longer than the time budget
     */
    public record Built(CtModel model, Map<String, SourceFile> filesByPath, Map<SourceFile, String> syntaxErrors,
                        Map<SourceFile, String> crashed, Set<SourceFile> overBudget) {
    }

    /** The time one file's model may take by default; {@code -Dfjdoctor.fileBudgetSeconds=N} changes it. */
    public static final Duration DEFAULT_FILE_BUDGET = Duration.ofSeconds(
            Long.getLong("fjdoctor.fileBudgetSeconds", 30));

    private SpoonModelBuilder() {
    }

    /** As {@link #build(Collection, Function, List, int, Duration)} with {@link #DEFAULT_FILE_BUDGET}. */
    public static Built build(Collection<SourceFile> files, Function<SourceFile, String> textOf, List<Path> classpath,
                              int javaLevel) {
        return build(files, textOf, classpath, javaLevel, DEFAULT_FILE_BUDGET);
    }

    /**
     * Runs on a thread with a large stack ({@link LargeStack}). A file Spoon throws on while building its
     * tree, or that takes longer than {@code fileBudget} to build, is left out and listed in
     * {@link Built#crashed()}; when the build fails outside any one file's tree (JDT's resolution, Spoon's
     * checks of the whole model), the files it fails on ({@link FailingFiles}) are left out the same way.
     *
     * @param textOf the text Spoon sees for each file: its own text, or one with the same offsets
     *               (focused mode blanks out bodies task code cannot reach); problems and findings are
     *               still reported against the file's own text
     */
    public static Built build(Collection<SourceFile> files, Function<SourceFile, String> textOf, List<Path> classpath,
                              int javaLevel, Duration fileBudget) {
        return LargeStack.get("fjdoctor-model", () -> {
            try {
                return buildOnce(files, textOf, classpath, javaLevel, fileBudget);
            } catch (Throwable whole) {
                Failures.rethrowUnrecoverable(whole);
                return buildWithoutFailing(files, textOf, classpath, javaLevel, fileBudget, whole);
            }
        });
    }

    /** The model of the files the build does not fail on; the others are listed as crashed. */
    private static Built buildWithoutFailing(Collection<SourceFile> files, Function<SourceFile, String> textOf,
                                             List<Path> classpath, int javaLevel, Duration fileBudget,
                                             Throwable thrown) {
        Map<SourceFile, String> failing = new LinkedHashMap<>();
        List<SourceFile> rest = List.copyOf(files);
        Built built = null;
        Throwable last = thrown;
        // Each round leaves out at least one more file, so this ends.
        while (built == null) {
            int before = failing.size();
            failing.putAll(FailingFiles.find(rest, last,
                    half -> buildOnce(half, textOf, classpath, javaLevel, fileBudget)));
            if (failing.size() == before) {
                throw new IllegalStateException("Spoon fails to build a model of no file", last);
            }
            rest = rest.stream().filter(file -> !failing.containsKey(file)).toList();
            try {
                built = buildOnce(rest, textOf, classpath, javaLevel, fileBudget);
            } catch (Throwable again) {
                Failures.rethrowUnrecoverable(again);
                last = again;
            }
        }
        Map<SourceFile, String> crashed = new LinkedHashMap<>(built.crashed());
        failing.forEach((file, why) -> crashed.put(file, "Spoon could not model it: " + why));
        Map<String, SourceFile> byPath = new LinkedHashMap<>();
        files.forEach(file -> byPath.put(file.path().toString(), file));
        return new Built(built.model(), byPath, built.syntaxErrors(), crashed, built.overBudget());
    }

    private static Built buildOnce(Collection<SourceFile> files, Function<SourceFile, String> textOf,
                                   List<Path> classpath, int javaLevel, Duration fileBudget) {
        Map<String, String> crashed = new LinkedHashMap<>();
        Set<String> overBudget = new HashSet<>();
        UnitBudget budget = new UnitBudget(fileBudget);
        Launcher launcher = new Launcher() {
            @Override
            public spoon.SpoonModelBuilder createCompiler(Factory factory) {
                return new IsolatingCompiler(factory, crashed, overBudget, budget);
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
        env.setModelChangeListener(budget);
        if (!classpath.isEmpty()) {
            env.setSourceClasspath(classpath.stream().map(Path::toString).toArray(String[]::new));
        }
        env.setInputClassLoader(ProjectClassLoader.of(classpath));
        Map<String, SourceFile> byPath = new LinkedHashMap<>();
        // A package split across modules would make Spoon leave out every file that resolves it (SplitModules).
        boolean withoutModules = SplitModules.splitPackage(files, textOf);
        for (SourceFile file : files) {
            String name = spoonName(file);
            byPath.put(name, file);
            if (!(withoutModules && SplitModules.isModuleInfo(file))) {
                launcher.addInputResource(new VirtualFile(textOf.apply(file), name));
            }
        }
        JDTBasedSpoonCompiler compiler = (JDTBasedSpoonCompiler) launcher.getModelBuilder();
        compiler.build();
        Map<SourceFile, String> failures = syntaxErrors(launcher, compiler, byPath, javaLevel);
        Map<SourceFile, String> crashedFiles = new LinkedHashMap<>();
        Set<SourceFile> overBudgetFiles = new HashSet<>();
        crashed.forEach((path, message) -> {
            SourceFile file = byPath.get(path);
            if (file != null) {
                // Half-built types would give findings that depend on where Spoon stopped: drop them.
                List.copyOf(launcher.getFactory().CompilationUnit().getOrCreate(path).getDeclaredTypes())
                        .forEach(CtType::delete);
                if (!failures.containsKey(file)) {
                    crashedFiles.put(file, message);
                    if (overBudget.contains(path)) {
                        overBudgetFiles.add(file);
                    }
                }
            }
        });
        // The listener has done its work; later changes (rules never change the model) need not pay for it.
        env.setModelChangeListener(new spoon.support.modelobs.EmptyModelChangeListener());
        return new Built(launcher.getFactory().getModel(), byPath, failures, crashedFiles, overBudgetFiles);
    }

    /**
     * Lets go of what a model built here holds open outside the heap (the class loader that types the project's
     * libraries, {@link ProjectClassLoader}): call it once nothing reads the model again.
     */
    public static void release(CtModel model) {
        ProjectClassLoader.close(model);
    }

    /**
     * Spoon throws on some code it does not support (seen with newer syntax than the chosen language
     * level), overflows the stack on very deep trees and is slow on some (deeply nested type arguments).
     * One such file must not end the scan: note it and go on with the next unit.
     */
    private static final class IsolatingCompiler extends JDTBasedSpoonCompiler {
        private final Map<String, String> crashed;
        private final Set<String> overBudget;
        private final UnitBudget budget;

        IsolatingCompiler(Factory factory, Map<String, String> crashed, Set<String> overBudget, UnitBudget budget) {
            super(factory);
            this.crashed = crashed;
            this.overBudget = overBudget;
            this.budget = budget;
        }

        @Override
        protected void traverseUnitDeclaration(JDTTreeBuilder builder, CompilationUnitDeclaration unit) {
            budget.start();
            try {
                super.traverseUnitDeclaration(builder, unit);
            } catch (Throwable e) {
                Failures.rethrowUnrecoverable(e);
                String path = new String(unit.getFileName());
                if (e instanceof UnitBudget.Exceeded) {
                    overBudget.add(path);
                }
                crashed.put(path, e instanceof UnitBudget.Exceeded ? e.getMessage()
                        : "Spoon could not model it: " + Failures.describe(e));
            } finally {
                budget.stop();
            }
        }
    }

    /**
     * Finds every file with a syntax error and makes sure none of them is in the model.
     *
     * <p>{@code setIgnoreSyntaxErrors(true)} is not reliable on its own (seen with Spoon 11.5 and JDT
     * 3.46): Spoon pre-parses all files with one reused JDT parser and drops those with errors, but that
     * pre-parse misses some errors inside method bodies (a reused JDT parser can miss the errors of a
     * later unit). So a broken file ends up either <em>dropped</em> silently (only logged, no problem
     * recorded) or <em>kept</em>, built from JDT's error recovery, with its syntax problems in
     * {@code getProblems()}. Kept ones are taken out of the
     * model here, so that no finding comes from guessed code. Dropped ones (no compilation unit in the
     * model) are parsed again, each with a fresh parser at the same language level, for the first
     * error's line and message; a file that parses cleanly but declares no type (only comments, say)
     * has no compilation unit either, and comes out of that parse without errors.
     */
    private static Map<SourceFile, String> syntaxErrors(Launcher launcher, JDTBasedSpoonCompiler compiler,
                                                        Map<String, SourceFile> byPath, int javaLevel) {
        Map<SourceFile, CategorizedProblem> first = new HashMap<>();
        for (CategorizedProblem problem : List.copyOf(compiler.getProblems())) {
            if (problem.isError() && problem.getCategoryID() == CategorizedProblem.CAT_SYNTAX) {
                SourceFile file = fileOf(byPath, new String(problem.getOriginatingFileName()));
                if (file != null) {
                    first.merge(file, problem, (a, b) -> a.getSourceStart() <= b.getSourceStart() ? a : b);
                }
            }
        }
        CompilationUnitFactory unitFactory = launcher.getFactory().CompilationUnit();
        Map<String, ? extends CtCompilationUnit> units = unitFactory.getMap();
        for (Map.Entry<String, SourceFile> entry : byPath.entrySet()) {
            if (!units.containsKey(entry.getKey()) && !first.containsKey(entry.getValue())) {
                CategorizedProblem problem = firstParseError(entry.getKey(), entry.getValue(), javaLevel);
                if (problem != null) {
                    first.put(entry.getValue(), problem);
                }
            }
        }
        Map<SourceFile, String> errors = new HashMap<>();
        first.forEach((file, problem) -> {
            errors.put(file, "line " + problem.getSourceLineNumber() + ": " + problem.getMessage()
                    + templateHint(file, problem) + newerLevelHint(file, javaLevel));
            CtCompilationUnit unit = unitFactory.removeFromCache(spoonName(file));
            if (unit != null) {
                List.copyOf(unit.getDeclaredTypes()).forEach(CtType::delete);
            }
        });
        return errors;
    }

    /**
     * When a newer Java level parses the file, says which and how to ask for it: records, text blocks or
     * switch patterns in a tree scanned at the default level are not broken code. Only long-term-support
     * levels (then the newest) are suggested: at the release that introduced a feature as a preview the
     * parser accepts it, but the compiler does not.
     */
    private static String newerLevelHint(SourceFile file, int javaLevel) {
        String name = spoonName(file);
        for (int level : LTS_LEVELS) {
            if (level > javaLevel && level <= NEWEST_LEVEL && firstParseError(name, file, level) == null) {
                return hint(level);
            }
        }
        return javaLevel < NEWEST_LEVEL && firstParseError(name, file, NEWEST_LEVEL) == null ? hint(NEWEST_LEVEL) : "";
    }

    /**
     * Says so where the error is a string template's embedded expression ({@code STR."\{x}"}): a preview of
     * Java 21 and 22, withdrawn in 23, that no level of the parser reads, so no newer level is suggested and the
     * message alone ("Invalid escape sequence") would not tell why.
     */
    private static String templateHint(SourceFile file, CategorizedProblem problem) {
        // the scanner reports the bad escape over the literal it read up to there
        String text = file.text();
        int from = problem.getSourceStart();
        int to = Math.min(text.length(), problem.getSourceEnd() + 1);
        return from >= 0 && from < to && text.substring(from, to).contains("\\{")
                ? "; \\{ there opens a string template's embedded expression, a preview of Java 21 and 22 withdrawn in"
                        + " 23, which the parser does not read"
                : "";
    }

    private static String hint(int level) {
        return "; it parses at Java " + level + ": scan with --java-level " + level;
    }

    /**
     * The name Spoon knows a file by, which its positions give back. Spoon turns a backslash in a name into
     * a directory separator, but on Linux it is an ordinary character of a file name, and the file would
     * never be found again (counted as scanned, yet without findings). Escaping {@code %} and the backslash
     * keeps distinct paths distinct and leaves every other path as it is.
     */
    static String spoonName(SourceFile file) {
        String path = file.path().toString();
        return File.separatorChar == '\\' ? path : path.replace("%", "%25").replace("\\", "%5C");
    }

    private static SourceFile fileOf(Map<String, SourceFile> byPath, String name) {
        SourceFile file = byPath.get(name);
        return file != null ? file : byPath.get(new File(name).getPath());
    }

    /** Whether the file's own text has a syntax error (a parse only, no resolution). */
    public static boolean hasSyntaxError(SourceFile file, int javaLevel) {
        return firstParseError(spoonName(file), file, javaLevel) != null;
    }

    private static CategorizedProblem firstParseError(String name, SourceFile file, int javaLevel) {
        CompilationUnit unit = new CompilationUnit(file.text().toCharArray(), name, null);
        CompilationResult result = new CompilationResult(unit, 0, 1, Integer.MAX_VALUE);
        // A fresh parser per file: a reused one can miss the errors of the next unit (see above).
        parser(javaLevel).parse(unit, result);
        CategorizedProblem[] problems = result.getErrors();
        return problems == null ? null
                : Arrays.stream(problems).min(Comparator.comparingInt(CategorizedProblem::getSourceStart)).orElse(null);
    }

    private static Parser parser(int javaLevel) {
        String version = javaLevel <= 8 ? "1." + javaLevel : Integer.toString(javaLevel);
        Map<String, String> settings = new HashMap<>();
        settings.put(CompilerOptions.OPTION_Source, version);
        settings.put(CompilerOptions.OPTION_Compliance, version);
        settings.put(CompilerOptions.OPTION_TargetPlatform, version);
        CompilerOptions options = new CompilerOptions(settings);
        ProblemReporter reporter = new ProblemReporter(DefaultErrorHandlingPolicies.proceedWithAllProblems(), options,
                new DefaultProblemFactory(Locale.ENGLISH));
        return new Parser(reporter, false);
    }
}
