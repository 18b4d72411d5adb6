package org.fjdoctor.analyzer.scope;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.isolation.Parallelism;
import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.LibraryExecutors;

import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Builds the Spoon model of only the files that can contribute a finding, and grows it until it is
 * closed: every type that task code mentions, every method it may call, every supertype of those, and
 * every file that could submit a lambda to a pool is in the model. At that fixpoint the fork/join
 * model, and so every finding, equals the full model's (the corpus test checks both modes agree).
 *
 * <p>Seeds come from a lexical index: files whose code names a fork/join type, or names a type that
 * extends one (transitively, by name). Each round then builds the model and adds the files declaring
 * the types that reachable task code references but the model lacks (in no-classpath mode these
 * resolve to nothing, and their method bodies would be missed).
 *
 * <p>Library types whose class files the running JDK provides ({@link RuntimeTypes}) are the exception:
 * they resolve without their source and calls into them are never followed, so their files join the
 * model only when they declare task classes. A scan of the JDK's own sources models its task files
 * and not the {@code java.lang} classes that all of them name.
 */
public final class FocusedScope {

    /** Names whose mention makes a file part of the seed: every framework's fork/join class names. */
    private static final Set<String> VOCABULARY = Framework.simpleNames();
    private static final String WORK_STEALING_POOL = "newWorkStealingPool";

    private FocusedScope() {
    }

    /** What builds a Spoon model from texts: {@link SpoonModelBuilder#build} outside tests. */
    @FunctionalInterface
    interface ModelBuilder {
        SpoonModelBuilder.Built build(Collection<SourceFile> files, Function<SourceFile, String> textOf,
                                      List<Path> classpath, int javaLevel);
    }

    public static ModelScope build(List<SourceFile> all, SourceSet sourceSet, ModelOptions options) {
        return build(all, sourceSet, options, (files, textOf, classpath, javaLevel)
                -> SpoonModelBuilder.build(files, textOf, classpath, javaLevel, options.fileBudget()));
    }

    static ModelScope build(List<SourceFile> all, SourceSet sourceSet, ModelOptions options, ModelBuilder builder) {
        options.phases().accept("indexing " + all.size() + " files");
        DuplicateTypes.Split unique = DuplicateTypes.scan(all);
        TextIndex index = new TextIndex(unique.kept());
        List<SourceFile> files = unique.kept().stream().map(TextIndex.Entry::file).toList();
        List<FileProblem> leftOut = unique.problems();
        if (!sourceSet.classpath().isEmpty()) {
            // A class may extend a fork/join type through a library class the lexical seed cannot see.
            return wholeTree(files, sourceSet, options, "a classpath can make any class a task", leftOut, builder, index);
        }
        Seed seed = seed(index, options.commonPoolCode());
        Set<SourceFile> scope = new HashSet<>(seed.files());
        // Library code the running JDK provides (the JDK's own sources) takes part only where it declares
        // task classes written on top of a framework: elsewhere it is neither an entry nor followed (nor is
        // the framework's own code), and it resolves without its source.
        scope.removeIf(file -> RuntimeTypes.providesAll(index.entry(file)) && !declaresTasks(index.entry(file), seed));
        // A module declaration decides which module every other file belongs to; without it a partial
        // model of a module's sources would resolve as the unnamed module.
        files.stream().filter(f -> f.path().getFileName().toString().equals("module-info.java")).forEach(scope::add);
        // One lexical hop (the types the seed files name) anticipates most of what the rounds below
        // would add one Spoon build at a time; a superset only costs parse time.
        scope.addAll(namedTypeFiles(index, scope));
        addSupertypeFiles(index, scope, scope);
        if (scope.size() * 2 >= files.size()) {
            // Most files take part anyway: one build of all of them beats a second round.
            return wholeTree(files, sourceSet, options, "most files take part", leftOut, builder, index);
        }
        Rounds rounds = new Rounds(files, index, seed, sourceSet, options, leftOut, builder, Set.copyOf(scope));
        for (int round = 1; ; round++) {
            ModelScope done = rounds.build(round, scope);
            if (done != null) {
                return done;
            }
        }
    }

    /**
     * What every round shares. A round runs in a method of its own so that nothing of its model is still
     * referenced while the next one is built: a method's locals stay reachable until it returns, and two
     * models at once would raise the peak memory and the collector's work.
     */
    private static final class Rounds {
        private final List<SourceFile> files;
        private final TextIndex index;
        private final Seed seed;
        private final SourceSet sourceSet;
        private final ModelOptions options;
        private final List<FileProblem> leftOut;
        private final ModelBuilder builder;
        /** The scope before the first round. */
        private final Set<SourceFile> initial;
        /** Whether a file's own text has a syntax error, remembered across rounds. */
        private final Map<SourceFile, Boolean> syntaxErrors = new HashMap<>();
        /**
         * Methods whose call sites (and queue fields whose puts) the call graph searched for functions passed
         * on to task code: bodies that mention them are kept from the next round on.
         */
        private final Set<String> flowNames = new HashSet<>();

        Rounds(List<SourceFile> files, TextIndex index, Seed seed, SourceSet sourceSet, ModelOptions options,
               List<FileProblem> leftOut, ModelBuilder builder, Set<SourceFile> initial) {
            this.files = files;
            this.index = index;
            this.seed = seed;
            this.sourceSet = sourceSet;
            this.options = options;
            this.leftOut = leftOut;
            this.builder = builder;
            this.initial = initial;
        }

        /** Builds the model of {@code scope}: the result when it lacks nothing, else null, with {@code scope} grown. */
        ModelScope build(int round, Set<SourceFile> scope) {
            List<SourceFile> modelFiles = files.stream().filter(scope::contains).toList();
            options.phases().accept("building the model of " + modelFiles.size() + " of " + files.size()
                    + " files (round " + round + ")");
            SpoonModelBuilder.Built stripped;
            Map<SourceFile, String> texts;
            try {
                texts = strippedTexts(modelFiles);
                stripped = builder.build(modelFiles, texts::get, sourceSet.classpath(), sourceSet.parseLevel());
            } catch (RuntimeException | StackOverflowError e) {
                // JDT can fail outright on a partial model where the whole tree resolves: seen as a
                // NullPointerException in ProblemReporter.previewAPIUsed when the enum an annotation
                // names lives in a file left out. The whole tree is slower, never wrong.
                return wholeTree(files, sourceSet, options, "Spoon failed on the partial model: "
                        + e.getClass().getSimpleName(), leftOut, builder, index);
            }
            SpoonModelBuilder.Built built = stripped;
            if (!built.crashed().isEmpty()) {
                // A file over its time budget would take as long again as written: the whole tree goes on without it.
                List<SourceFile> rest = files.stream().filter(file -> !built.overBudget().contains(file)).toList();
                ModelScope whole = wholeTree(rest, sourceSet, options, "Spoon could not model "
                        + built.crashed().size() + " file(s) of the partial model", leftOut, builder, index);
                Map<SourceFile, String> unmodelled = new HashMap<>(whole.unmodelled());
                built.overBudget().forEach(file -> unmodelled.put(file, built.crashed().get(file)));
                return new ModelScope(whole.model(), whole.syntaxErrors(), unmodelled, leftOut, whole.modelFiles());
            }
            String[] failed = new String[1];
            ForkJoinModel model = Failures.attempt(() -> {
                options.phases().accept("finding task code");
                return new ForkJoinModel(built.model(), built.filesByPath(), options.callDepth(),
                        options.commonPoolCode(), index.instantiatedNames());
            }, thrown -> failed[0] = Failures.describe(thrown));
            if (model == null) {
                // A partial model can type what the whole tree types otherwise (a class its file left out):
                // the whole tree is slower, never wrong. Where it fails as well, the scan reports it.
                return wholeTree(files, sourceSet, options, "the fork/join model of the partial model failed: "
                        + failed[0], leftOut, builder, index);
            }
            Set<SourceFile> missing = missingFiles(model, index, scope);
            boolean newFlowNames = flowNames.addAll(model.flowSearchedNames());
            if (missing.isEmpty() && !newFlowNames) {
                Map<SourceFile, String> problems = new HashMap<>(built.syntaxErrors());
                problems.putAll(lexicalErrorsOutside(index, scope));
                Set<String> seedNames = new HashSet<>(seed.forkJoinTypes());
                seed.extending().forEach(declaration -> seedNames.addAll(declaration.outers()));
                EditBasis basis = new EditBasis(modelFiles, texts, seed.forkJoinTypes(), Set.copyOf(flowNames), index,
                        seed.files(), seedNames, initial, built.filesByPath(), built.model(), sourceSet, options,
                        new HashMap<>(), false);
                return new ModelScope(model, problems, built.crashed(), leftOut,
                        modelFiles.size() - built.syntaxErrors().size(), basis);
            }
            scope.addAll(missing);
            addSupertypeFiles(index, missing, scope);
            if (scope.size() * 3 >= files.size() * 2) {
                // Once two files in three take part, two more partial rounds (each rebuilding the whole scope)
                // cost more than one build of the whole tree, which is the last one; at half, where the rounds
                // often end (eclipse-collections), the whole tree was measured slower.
                return wholeTree(files, sourceSet, options, "two files in three take part after round " + round,
                        leftOut, builder, index);
            }
            return null;
        }

        private Map<SourceFile, String> strippedTexts(List<SourceFile> files) {
            Map<SourceFile, String> texts = BodyStripper.strip(files, seed.forkJoinTypes(), flowNames,
                    options.callDepth());
            // A syntax error inside a blanked body would go unseen: such files keep their own text, so
            // Spoon reports and drops them exactly as the full model does.
            List<SourceFile> blanked = files.stream().filter(file -> !texts.get(file).equals(file.text())).toList();
            Parallelism.forEach(blanked.stream().filter(file -> !syntaxErrors.containsKey(file)).toList(),
                    file -> SpoonModelBuilder.hasSyntaxError(file, sourceSet.parseLevel()), syntaxErrors::put);
            blanked.stream().filter(syntaxErrors::get).forEach(file -> texts.put(file, file.text()));
            return texts;
        }
    }

    /**
     * Every file as written: the full model, which every partial model must match. Used wherever a
     * partial one would not resolve like it or would not save anything. (Blanking bodies here was
     * measured not to pay: java.base 49.5 s blanked against 45.2 s as written.)
     */
    private static ModelScope wholeTree(List<SourceFile> files, SourceSet sourceSet, ModelOptions options,
                                        String why, List<FileProblem> leftOut, ModelBuilder builder,
                                        TextIndex index) {
        options.phases().accept("building the model of all " + files.size() + " files (" + why + ")");
        return ModelScope.asWritten(files, sourceSet, options, leftOut, builder, index);
    }

    /**
     * Files left out of the model are not parsed; the lexer still catches the commonest breakage
     * (braces that do not balance) so that a half-edited file is reported in either mode.
     */
    private static Map<SourceFile, String> lexicalErrorsOutside(TextIndex index, Set<SourceFile> scope) {
        Map<SourceFile, String> errors = new HashMap<>();
        for (TextIndex.Entry entry : index.entries()) {
            if (!scope.contains(entry.file()) && entry.unbalancedBrace() >= 0) {
                errors.put(entry.file(), "line " + entry.file().lineOf(entry.unbalancedBrace())
                        + ": braces do not balance (lexical check; --full parses every file)");
            }
        }
        return errors;
    }

    /**
     * The seed: files naming a fork/join type, or a type that extends one by name, transitively; and
     * the simple names of those types (a superset of the task, pool and worker classes).
     */
    record Seed(Set<SourceFile> files, Set<String> forkJoinTypes, Set<TextIndex.Declaration> extending) {
    }

    /** Whether the file declares a type that extends a fork/join type by name, outside a framework's own classes. */
    private static boolean declaresTasks(TextIndex.Entry entry, Seed seed) {
        for (TextIndex.Declaration declaration : entry.declarations()) {
            if (declaration.outers().isEmpty() && RuntimeTypes.isFramework(entry.packageName(), declaration.name())) {
                return false;
            }
        }
        return entry.declarations().stream().anyMatch(seed.extending()::contains);
    }

    static Seed seed(TextIndex index, boolean commonPoolCode) {
        List<TextIndex.Declaration> forkJoinTypes = new ArrayList<>();
        VOCABULARY.forEach(name -> forkJoinTypes.add(new TextIndex.Declaration(name, List.of(), Set.of())));
        Set<TextIndex.Declaration> known = new HashSet<>(forkJoinTypes);
        Set<TextIndex.Declaration> extending = new HashSet<>();
        Set<SourceFile> seed = new LinkedHashSet<>();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (TextIndex.Entry entry : index.entries()) {
                if (forkJoinTypes.stream().noneMatch(type -> type.referableFrom(entry.identifiers()))) {
                    continue;
                }
                grew |= seed.add(entry.file());
                for (TextIndex.Declaration declaration : entry.declarations()) {
                    if (!known.contains(declaration) && extendsAny(declaration, forkJoinTypes, entry)) {
                        known.add(declaration);
                        extending.add(declaration);
                        forkJoinTypes.add(declaration);
                        grew = true;
                    }
                }
            }
        }
        // Parallel streams and *Async calls run code in the common pool without naming a fork/join type; a
        // work-stealing pool from Executors is a fork/join pool that names none either.
        for (TextIndex.Entry entry : index.entries()) {
            if (!seed.contains(entry.file()) && (entry.identifiers().contains(WORK_STEALING_POOL) || commonPoolCode
                    && entry.identifiers().stream().anyMatch(Apis::mayRunInCommonPool))) {
                seed.add(entry.file());
            }
        }
        // A library told to run its handlers in the common pool calls them from its own code: the files declaring
        // them are reached by no call of the sources.
        for (LibraryExecutors library : commonPoolCode ? LibraryExecutors.TABLE : List.<LibraryExecutors>of()) {
            List<SourceFile> handling = new ArrayList<>();
            boolean chosen = false;
            for (TextIndex.Entry entry : index.entries()) {
                chosen |= entry.identifiers().stream().anyMatch(library.choosing()::contains);
                if (entry.identifiers().containsAll(library.handling())) {
                    handling.add(entry.file());
                }
            }
            if (chosen) {
                seed.addAll(handling);
            }
        }
        Set<String> names = new HashSet<>();
        forkJoinTypes.forEach(type -> names.add(type.name()));
        return new Seed(seed, names, extending);
    }

    private static boolean extendsAny(TextIndex.Declaration declaration, List<TextIndex.Declaration> types,
                                      TextIndex.Entry file) {
        for (TextIndex.Declaration type : types) {
            if (declaration.supertypeMentions().contains(type.name())
                    && (type.outers().isEmpty() || type.outers().stream().anyMatch(file.identifiers()::contains))) {
                return true;
            }
        }
        return false;
    }

    /** The files the model needs but lacks, given what task code reaches now. */
    static Set<SourceFile> missingFiles(ForkJoinModel model, TextIndex index, Set<SourceFile> scope) {
        Set<String> typeNames = new HashSet<>();
        for (Collection<Reach> reaches : List.of(model.reachable(), model.commonPoolReachable())) {
            for (Reach reach : reaches) {
                for (CtTypeReference<?> ref : CodeScan.elementsIn(reach.executable(), CtTypeReference.class)) {
                    typeNames.add(ref.getQualifiedName());
                }
            }
        }
        typeNames.addAll(model.submittedUnknown()); // runAsync(new ScanTask(..), executor): what runs
        for (CtExecutableReference<?> call : model.unresolvedCalls()) {
            if (call.getDeclaringType() != null) {
                typeNames.add(call.getDeclaringType().getQualifiedName());
            }
        }
        Set<SourceFile> missing = new LinkedHashSet<>();
        for (String name : typeNames) {
            for (TextIndex.Entry entry : index.declaringQualified(name)) {
                if (!scope.contains(entry.file()) && !RuntimeTypes.providesAll(entry)) {
                    missing.add(entry.file());
                }
            }
        }
        // Implementations of the types task code calls through (class hierarchy analysis): every
        // subtype for calls on this in a task, and for other receivers when Dispatch may follow them: few
        // subtypes are created, or for some called name few files declare a method of that name (Dispatch
        // bounds each call's distinct implementations, which those files hold).
        model.dispatchedTypes().forEach((name, dispatched) -> {
            Set<String> instantiated = new HashSet<>();
            Set<SourceFile> subtypes = lexicalSubtypeFiles(index, simpleName(name), instantiated);
            if (dispatched.unbounded() || instantiated.size() <= ForkJoinModel.MAX_DISPATCH_FAN_OUT
                    || dispatched.methods().stream().anyMatch(method -> subtypes.stream()
                    .filter(file -> index.entry(file).methodBodies().contains(method)).count()
                    <= ForkJoinModel.MAX_DISPATCH_FAN_OUT)) {
                subtypes.stream().filter(file -> !scope.contains(file) && !RuntimeTypes.providesAll(index.entry(file)))
                        .forEach(missing::add);
            }
        });
        // Files that name a pool holder (they may submit through it) or a method or queue field whose call
        // sites or puts the call graph searched for functions flowing into task code.
        Set<String> mentioned = new HashSet<>(model.poolHolderNames());
        mentioned.addAll(model.flowSearchedNames());
        if (!mentioned.isEmpty()) {
            for (TextIndex.Entry entry : index.entries()) {
                if (!scope.contains(entry.file()) && !RuntimeTypes.providesAll(entry)
                        && !Collections.disjoint(entry.identifiers(), mentioned)) {
                    missing.add(entry.file());
                }
            }
        }
        return missing;
    }

    /**
     * Files declaring a type that extends or implements {@code name} by simple name, transitively;
     * adds to {@code instantiated} the names of those types some file creates with {@code new}.
     */
    private static Set<SourceFile> lexicalSubtypeFiles(TextIndex index, String name, Set<String> instantiated) {
        Set<String> names = new HashSet<>(Set.of(name));
        Set<SourceFile> files = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>(names);
        while (!work.isEmpty()) {
            for (TextIndex.Extension extension : index.extending(work.poll())) {
                String subtype = extension.declaration().name();
                if (names.add(subtype)) {
                    work.add(subtype);
                    files.add(extension.entry().file());
                    if (index.instantiated(subtype)) {
                        instantiated.add(subtype);
                    }
                }
            }
        }
        return files;
    }

    private static String simpleName(String qualifiedName) {
        String name = qualifiedName.replace('$', '.');
        int generic = name.indexOf('<');
        name = generic >= 0 ? name.substring(0, generic) : name;
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Files declaring a type that code in {@code files} names (a nested type only with its outer name). */
    private static Set<SourceFile> namedTypeFiles(TextIndex index, Set<SourceFile> files) {
        Set<SourceFile> named = new LinkedHashSet<>();
        for (SourceFile file : files) {
            Set<String> identifiers = index.entry(file).identifiers();
            for (String identifier : identifiers) {
                for (TextIndex.Entry declaring : index.declaring(identifier)) {
                    if (!files.contains(declaring.file()) && !RuntimeTypes.providesAll(declaring)
                            && declaring.declarations().stream()
                            .anyMatch(d -> d.name().equals(identifier) && d.referableFrom(identifiers))) {
                        named.add(declaring.file());
                    }
                }
            }
        }
        return named;
    }

    /** Adds the files declaring the supertypes (by name, transitively) of the types declared in {@code added}. */
    private static void addSupertypeFiles(TextIndex index, Set<SourceFile> added, Set<SourceFile> scope) {
        Deque<SourceFile> work = new ArrayDeque<>(added);
        while (!work.isEmpty()) {
            TextIndex.Entry entry = index.entry(work.poll());
            for (TextIndex.Declaration declaration : entry.declarations()) {
                for (String mention : declaration.supertypeMentions()) {
                    for (TextIndex.Entry declaring : index.declaring(mention)) {
                        if (!RuntimeTypes.providesAll(declaring) && scope.add(declaring.file())) {
                            work.add(declaring.file());
                        }
                    }
                }
            }
        }
    }
}
