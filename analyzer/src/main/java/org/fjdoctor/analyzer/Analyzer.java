package org.fjdoctor.analyzer;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.scope.DuplicateTypes;
import org.fjdoctor.analyzer.scope.FocusedScope;
import org.fjdoctor.analyzer.scope.ModelOptions;
import org.fjdoctor.analyzer.scope.ModelScope;
import org.fjdoctor.analyzer.source.JavaLevels;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtType;

/** The engine's front door: a source set in, findings and per-file problems out. */
public final class Analyzer {

    /** The order of a scan's findings. */
    static final Comparator<Finding> FINDING_ORDER = Comparator.comparing((Finding f) -> f.location().relativePath())
            .thenComparingInt(f -> f.location().startOffset())
            .thenComparing(Finding::ruleId);

    /** How many variants of one type (modules side by side) get a model each; further ones are reported. */
    private static final int MAX_VARIANTS = 4;

    /** How much of the source set becomes a Spoon model. Both give the same findings. */
    public enum Mode {
        /** Only the files that can contribute to a finding (fast; the default). */
        FOCUSED,
        /** Every parsable file. */
        FULL
    }

    /** Receives a line per phase; front ends decide whether and when to show it. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = message -> { };

        void phase(String message);
    }

    /**
     * @param severities a severity per rule id that replaces the one the rule reports (every finding of
     *                   that rule gets it); rules not named keep their own
     * @param fileBudget how long Spoon may take to model one file; a file that takes longer is left out
     *                   and reported ({@link SpoonModelBuilder#DEFAULT_FILE_BUDGET} by default)
     */
    public record Options(List<Rule> rules, Mode mode, int callDepth, Progress progress,
                          Map<String, Severity> severities, boolean includeTests, Duration fileBudget) {
        public Options(List<Rule> rules, Mode mode, int callDepth, Progress progress, Map<String, Severity> severities) {
            this(rules, mode, callDepth, progress, severities, false);
        }

        public Options(List<Rule> rules, Mode mode, int callDepth, Progress progress, Map<String, Severity> severities,
                       boolean includeTests) {
            this(rules, mode, callDepth, progress, severities, includeTests, SpoonModelBuilder.DEFAULT_FILE_BUDGET);
        }

        public Options {
            rules = List.copyOf(rules);
            severities = Map.copyOf(severities);
        }

        /** What building the model needs of these options. */
        public ModelOptions modelOptions() {
            return new ModelOptions(callDepth, commonPoolCode(), fileBudget, progress::phase);
        }

        /** Whether a chosen rule needs the code that runs in the common pool outside tasks. */
        public boolean commonPoolCode() {
            return rules.stream().anyMatch(Rule::needsCommonPoolCode);
        }

        public static Options defaults() {
            return new Options(Rules.all(), Mode.FOCUSED, ForkJoinModel.DEFAULT_CALL_DEPTH, Progress.NONE, Map.of());
        }

        public Options withRules(List<Rule> chosen) {
            return new Options(chosen, mode, callDepth, progress, severities, includeTests, fileBudget);
        }

        public Options withMode(Mode chosen) {
            return new Options(rules, chosen, callDepth, progress, severities, includeTests, fileBudget);
        }

        public Options withCallDepth(int depth) {
            return new Options(rules, mode, depth, progress, severities, includeTests, fileBudget);
        }

        public Options withProgress(Progress listener) {
            return new Options(rules, mode, callDepth, listener, severities, includeTests, fileBudget);
        }

        public Options withSeverities(Map<String, Severity> byRuleId) {
            return new Options(rules, mode, callDepth, progress, byRuleId, includeTests, fileBudget);
        }

        /**
         * With {@code include}, findings in test sources, and in main code reached only from tests, are reported
         * at their rule's severity, flagged ({@link Finding#inTestCode()}) so that reports count them apart;
         * without (the default) they are not reported: on the blind validation splits no such finding was one
         * a maintainer accepted, since a test that blocks a worker does so on purpose or harms only the test
         * run ({@link org.fjdoctor.analyzer.source.TestSources}).
         */
        public Options withTests(boolean include) {
            return new Options(rules, mode, callDepth, progress, severities, include, fileBudget);
        }

        /** With {@code budget} as the time Spoon may take to model one file. */
        public Options withFileBudget(Duration budget) {
            return new Options(rules, mode, callDepth, progress, severities, includeTests, budget);
        }

        /** The severity a finding of {@code rule} that the rule reported at {@code reported} is given. */
        Severity severityOf(RuleInfo rule, Severity reported) {
            return severities.getOrDefault(rule.id(), reported);
        }
    }

    /**
     * A scan's result together with the model it came from, for front ends that act on findings
     * (refactorings need the Spoon element behind each finding and the files' text).
     *
     * @param elements  the Spoon element each finding of the main model was reported at
     * @param matches   the typed match of each finding whose rule reported one ({@link Match})
     * @param javaLevels each analyzed file's Java level, which rewrites of that file write for
     * @param scopeFiles the files the scope of some model held (modelled, or reported as not parsing or not
     *                   modelled), the main model's and each variant's: an edit of any other file is judged
     *                   from the lexical index alone ({@link org.fjdoctor.analyzer.scope.OutsideEdits})
     */
    public record Analysis(ScanResult result, ForkJoinModel model, List<SourceFile> files,
                           Map<Finding, CtElement> elements, Map<Finding, Match> matches, JavaLevels javaLevels,
                           Set<Path> scopeFiles) {
        public Analysis {
            scopeFiles = Set.copyOf(scopeFiles);
        }

        /** An analysis that does not say which files its models' scopes held. */
        public Analysis(ScanResult result, ForkJoinModel model, List<SourceFile> files,
                        Map<Finding, CtElement> elements, Map<Finding, Match> matches, JavaLevels javaLevels) {
            this(result, model, files, elements, matches, javaLevels, Set.of());
        }

        /** The lowest level of the analyzed files: code valid at it is valid in every one of them. */
        public int javaLevel() {
            return javaLevels.lowest();
        }

        /** The Spoon element a finding was reported at. */
        public CtElement elementOf(Finding finding) {
            return elements.get(finding);
        }

        /** The finding's match if its rule reported one of kind {@code kind}. */
        public <M extends Match> Optional<M> matchOf(Finding finding, Class<M> kind) {
            Match match = matches.get(finding);
            return kind.isInstance(match) ? Optional.of(kind.cast(match)) : Optional.empty();
        }

        /** The finding's match of any kind, or {@code null}. */
        public Match matchOf(Finding finding) {
            return matches.get(finding);
        }
    }

    /**
     * @throws NoSuchFileException when a root does not exist
     */
    public ScanResult scan(SourceSet sourceSet, Options options) throws NoSuchFileException {
        return analyze(sourceSet, options).result();
    }

    /**
     * Runs on a thread with a large stack ({@link LargeStack}): models and rules walk syntax trees as deep
     * as javac accepts.
     *
     * @throws NoSuchFileException when a root does not exist
     */
    public Analysis analyze(SourceSet sourceSet, Options options) throws NoSuchFileException {
        return LargeStack.call("fjdoctor-analysis", () -> {
            options.progress().phase("reading sources");
            return analyzeHere(sourceSet, SourceCollector.collect(sourceSet), options).analysis();
        });
    }

    /**
     * As {@link #analyze(SourceSet, Options)}, on files already {@code collected} from {@code sourceSet} (by a
     * caller that needed them first, say to look up a cache): nothing is read twice, and what is analyzed is
     * exactly what the caller saw.
     */
    public Analysis analyze(SourceSet sourceSet, SourceCollector.Collected collected, Options options) {
        return analyzeWarm(sourceSet, collected, options).analysis();
    }

    /**
     * As {@link #analyze(SourceSet, SourceCollector.Collected, Options)}, with what a warm engine needs to take
     * an edit inside one file's bodies without building the model again ({@link WarmAnalysis#afterBodyEdit}).
     */
    public WarmAnalysis analyzeWarm(SourceSet sourceSet, SourceCollector.Collected collected, Options options) {
        try {
            return LargeStack.call("fjdoctor-analysis", () -> analyzeHere(sourceSet, collected, options));
        } catch (NoSuchFileException e) {
            throw new IllegalStateException("collected files need no further lookup of the roots", e);
        }
    }

    private WarmAnalysis analyzeHere(SourceSet sourceSet, SourceCollector.Collected collected, Options options)
            throws NoSuchFileException {
        long start = System.nanoTime();
        // Each file's level is settled once, before modelling: the model is parsed at the highest of them.
        JavaLevels levels = sourceSet.javaLevels().resolve(collected.files().stream().map(SourceFile::path).toList());
        SourceSet leveled = sourceSet.withJavaLevels(levels);
        List<FileProblem> problems = new ArrayList<>(collected.problems());
        List<Finding> findings = new ArrayList<>();
        Map<Finding, CtElement> elements = new IdentityHashMap<>();
        Map<Finding, Match> matches = new IdentityHashMap<>();
        ModelScope built = isolatedScope(collected.files(), leveled, options, problems, null);
        ModelScope scope = built != null ? built : emptyScope(leveled, options);
        Set<Path> scopeFiles = new HashSet<>(scopeFilesOf(scope));
        if (built != null) {
            findings.addAll(RuleRuns.detect(scope, leveled, options, elements, matches, problems));
        }
        int modelFiles = scope.modelFiles();
        // Second declarations of a type (two variants of a module side by side) cannot share a model:
        // each further variant gets a model of its own, and only its own files' findings are added.
        // Those findings carry no Spoon element here, so fixes are offered for the main model's only.
        List<FileProblem> leftOut = built != null ? scope.leftOut() : DuplicateTypes.leftOutOf(collected.files());
        // Only the main model tells which types took part: a later variant's twin was a variant itself.
        // Taking part is having code that task code or common-pool code reaches: a type the model merely
        // holds (a test class declaring a subtype of a dispatched receiver) cannot hold a finding, and its
        // variant would cost a second model of the whole tree (eclipse-collections' unit tests). A variant
        // that names a fork/join type is analyzed whatever its twin did (DuplicateTypes). Without a main
        // model every variant is analyzed, as in a full scan.
        Set<String> reachedTypes = built != null && leftOut.stream().anyMatch(p -> p.kind() == Kind.DUPLICATE_TYPE)
                ? reachedTypes(scope) : Set.of();
        boolean everyVariant = options.mode() == Mode.FULL || built == null || reachedTypes == null;
        List<WarmAnalysis.Variant> variants = new ArrayList<>();
        for (int variant = 2; variant <= MAX_VARIANTS
                && leftOut.stream().anyMatch(p -> p.kind() == Kind.DUPLICATE_TYPE); variant++) {
            boolean afterMain = variant > 2;
            DuplicateTypes.Variants next = DuplicateTypes.nextVariants(collected.files(), leftOut,
                    name -> everyVariant || afterMain || reachedTypes.contains(name));
            if (next.files().isEmpty()) {
                // No fork/join code in these variants: left out like any unrelated file of a focused scan.
                leftOut = leftOut.stream().filter(p -> p.kind() != Kind.DUPLICATE_TYPE).toList();
                break;
            }
            Set<Path> variantFiles = next.variants();
            options.progress().phase("analyzing variant " + variant + " (" + variantFiles.size() + " files)");
            problems.addAll(leftOut.stream().filter(p -> p.kind() != Kind.DUPLICATE_TYPE).toList());
            ModelScope other = isolatedScope(next.files(), leveled, options, problems, variantFiles);
            if (other == null) {
                leftOut = DuplicateTypes.leftOutOf(next.files());
                continue;
            }
            scopeFiles.addAll(scopeFilesOf(other));
            variants.add(new WarmAnalysis.Variant(other, variantFiles, scopeFilesOf(other)));
            addSyntaxErrors(problems, other, variantFiles);
            for (Finding finding : RuleRuns.detect(other, leveled, options, new IdentityHashMap<>(), new IdentityHashMap<>(),
                    problems)) {
                if (variantFiles.contains(finding.location().file())) {
                    findings.add(finding);
                }
            }
            modelFiles += variantFiles.size();
            leftOut = other.leftOut();
        }
        problems.addAll(leftOut);
        addSyntaxErrors(problems, scope, null);

        findings.sort(FINDING_ORDER);
        problems.sort(Comparator.comparing(FileProblem::relativePath));
        long lines = collected.files().stream().mapToLong(SourceFile::lineCount).sum();
        ScanResult result = new ScanResult(options.rules(), findings, problems, collected.files().size(), lines,
                modelFiles, (System.nanoTime() - start) / 1_000_000);
        return new WarmAnalysis(new Analysis(result, scope.model(), collected.files(), elements, matches, levels,
                scopeFiles), scope, leveled, variants, reachedTypes);
    }

    /**
     * The top-level types holding code that task code or common-pool code reaches; {@code null} when the model
     * cannot tell (Spoon throws climbing to a top-level type), and every variant is then analyzed.
     */
    static Set<String> reachedTypes(ModelScope scope) {
        return Failures.attempt(() -> reachedTypesOf(scope), thrown -> { });
    }

    private static Set<String> reachedTypesOf(ModelScope scope) {
        Set<String> reachedTypes = new HashSet<>();
        for (Collection<Reach> reaches : List.of(scope.model().reachable(), scope.model().commonPoolReachable())) {
            for (Reach reach : reaches) {
                CtType<?> owner = reach.executable().getParent(CtType.class);
                if (owner != null) {
                    reachedTypes.add(JavaTypes.topLevel(owner).getQualifiedName());
                }
            }
        }
        return reachedTypes;
    }

    private static List<Path> scopeFilesOf(ModelScope scope) {
        List<Path> files = new ArrayList<>();
        scope.model().files().forEach(file -> files.add(file.path()));
        scope.syntaxErrors().keySet().forEach(file -> files.add(file.path()));
        scope.unmodelled().keySet().forEach(file -> files.add(file.path()));
        return files;
    }

    /**
     * The scope of {@code files}, or {@code null} when building its model throws (our own bug, or Spoon's on a
     * shape it cannot type): that costs this model only, reported as a problem that says which files were not
     * analysed; the scan goes on with the other models.
     *
     * @param variant the files a further variant's model adds, or {@code null} for the main model
     */
    private static ModelScope isolatedScope(List<SourceFile> files, SourceSet sourceSet, Options options,
                                            List<FileProblem> problems, Set<Path> variant) {
        return Failures.attempt(() -> modelScope(files, sourceSet, options),
                thrown -> problems.add(modelFailure(files, sourceSet, variant, thrown)));
    }

    private static FileProblem modelFailure(List<SourceFile> files, SourceSet sourceSet, Set<Path> variant,
                                            Throwable thrown) {
        String why = "the fork/join model could not be built: " + Failures.describe(thrown);
        if (variant == null) {
            Path root = firstRoot(sourceSet);
            return new FileProblem(root, root.toString(), Kind.MODEL_FAILED, why + "; the project's " + files.size()
                    + " files were not analysed, except variants of its modules listed apart", false);
        }
        SourceFile first = files.stream().filter(file -> variant.contains(file.path()))
                .min(Comparator.comparing(SourceFile::display)).orElseThrow();
        return new FileProblem(first.path(), first.display(), Kind.MODEL_FAILED, why + "; this variant's "
                + variant.size() + " file(s) (second declarations of types, this one first) were not analysed", false);
    }

    /** A scope of no file, standing in for a main model that could not be built. */
    private static ModelScope emptyScope(SourceSet sourceSet, Options options) {
        return ModelScope.full(List.of(), sourceSet, new ModelOptions(options.callDepth(), options.commonPoolCode(),
                options.fileBudget(), phase -> { }));
    }

    /** Where a problem of the whole project is reported: the first root. */
    static Path firstRoot(SourceSet sourceSet) {
        return sourceSet.roots().isEmpty() ? Path.of("") : sourceSet.roots().get(0);
    }

    private static ModelScope modelScope(List<SourceFile> files, SourceSet sourceSet, Options options) {
        return options.mode() == Mode.FULL
                ? ModelScope.full(files, sourceSet, options.modelOptions())
                : FocusedScope.build(files, sourceSet, options.modelOptions());
    }

    /** Syntax errors and files Spoon could not model of the scope's files ({@code only} these, or all when {@code null}). */
    private static void addSyntaxErrors(List<FileProblem> problems, ModelScope scope, Set<Path> only) {
        scope.syntaxErrors().forEach((file, message) -> {
            if (only == null || only.contains(file.path())) {
                problems.add(new FileProblem(file.path(), file.display(), Kind.SYNTAX_ERROR,
                        "does not parse (" + message + "); left out of the analysis", false));
            }
        });
        scope.unmodelled().forEach((file, message) -> {
            if (only == null || only.contains(file.path())) {
                problems.add(new FileProblem(file.path(), file.display(), Kind.NOT_MODELLED,
                        "could not be modelled (" + message + "); left out of the analysis", false));
            }
        });
    }
}
