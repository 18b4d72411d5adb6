package org.fjdoctor.analyzer.scope;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.api.FileProblem.Kind;
import org.fjdoctor.analyzer.isolation.Parallelism;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Framework;

/**
 * One model cannot hold two declarations of the same type (Spoon aborts the whole build), yet
 * repositories often have them: a test double with a production class's name, two modules with
 * variants of one class. The first file (in path order, so {@code src/main} before {@code src/test})
 * is analyzed in the main model; later ones are left out of it and analyzed in a model of their
 * own variant ({@link #nextVariants}), so that no variant's findings are lost.
 */
public final class DuplicateTypes {

    /**
     * The files of a variant's model and which of them are the variant (its findings are the ones to
     * keep); no files when there is no variant, or none that can hold fork/join code.
     */
    public record Variants(List<SourceFile> files, Set<Path> variants) {
        static final Variants NONE = new Variants(List.of(), Set.of());
    }

    /** The files to analyze and the problems for those left out. */
    record Split(List<TextIndex.Entry> kept, List<FileProblem> problems) {
    }

    private DuplicateTypes() {
    }

    /** Indexes every file (in parallel, keeping their order) and splits off the second declarations. */
    static Split scan(List<SourceFile> files) {
        return split(Parallelism.map(files, TextIndex::scan));
    }

    /**
     * What a model of {@code files} leaves out before modelling (second declarations of types), known without the
     * model: where the model cannot be built, the next variant is still chosen from it.
     */
    public static List<FileProblem> leftOutOf(List<SourceFile> files) {
        return scan(files).problems();
    }

    /**
     * The files of the next model after one that left {@code leftOut} out as second declarations: those
     * files, with every file that declares none of their top-level types (so they resolve against the
     * rest of the tree as the first variant did). Empty when nothing was left out. A third variant is
     * left out again, and analyzed by the model after that.
     *
     * @param relevantType whether a type of this qualified name took part in the last model
     */
    public static Variants nextVariants(List<SourceFile> all, List<FileProblem> leftOut,
                                        Predicate<String> relevantType) {
        Set<Path> variantPaths = new HashSet<>();
        leftOut.stream().filter(p -> p.kind() == Kind.DUPLICATE_TYPE).forEach(p -> variantPaths.add(p.file()));
        if (variantPaths.isEmpty()) {
            return Variants.NONE;
        }
        List<TextIndex.Entry> entries = Parallelism.map(all, TextIndex::scan);
        // A variant whose twin took no part in the last model and that names no fork/join type cannot
        // hold a finding either: it is left out as the focused model leaves out unrelated files.
        boolean anyRelevant = entries.stream().anyMatch(entry -> variantPaths.contains(entry.file().path())
                && (topLevelNames(entry).stream().anyMatch(relevantType)
                || !Collections.disjoint(entry.identifiers(), Framework.simpleNames())));
        if (!anyRelevant) {
            return Variants.NONE;
        }
        Set<String> variantTypes = new HashSet<>();
        for (TextIndex.Entry entry : entries) {
            if (variantPaths.contains(entry.file().path())) {
                topLevelNames(entry).forEach(variantTypes::add);
            }
        }
        List<SourceFile> next = new ArrayList<>();
        for (TextIndex.Entry entry : entries) {
            if (variantPaths.contains(entry.file().path())
                    || topLevelNames(entry).stream().noneMatch(variantTypes::contains)) {
                next.add(entry.file());
            }
        }
        return new Variants(next, variantPaths);
    }

    private static List<String> topLevelNames(TextIndex.Entry entry) {
        List<String> names = new ArrayList<>();
        for (TextIndex.Declaration declaration : entry.declarations()) {
            if (declaration.outers().isEmpty()) {
                names.add(qualifiedName(entry, declaration));
            }
        }
        if (entry.file().path().getFileName().toString().equals("package-info.java")) {
            names.add(entry.packageName() + ".package-info");
        }
        return names;
    }

    private static Split split(List<TextIndex.Entry> entries) {
        Map<String, SourceFile> owners = new HashMap<>();
        List<TextIndex.Entry> kept = new ArrayList<>();
        List<FileProblem> problems = new ArrayList<>();
        for (TextIndex.Entry entry : entries) {
            SourceFile file = entry.file();
            String clash = null;
            // package-info.java declares no type, but two of one package abort Spoon just the same.
            for (String name : topLevelNames(entry)) {
                SourceFile owner = owners.get(name);
                if (owner != null && owner != file) {
                    clash = name + ", already declared in " + owner.display();
                    break;
                }
            }
            if (clash != null) {
                problems.add(new FileProblem(file.path(), file.display(), Kind.DUPLICATE_TYPE, "declares " + clash
                        + "; left out: fjdoctor models at most four variants of one type", false));
                continue;
            }
            topLevelNames(entry).forEach(name -> owners.putIfAbsent(name, file));
            kept.add(entry);
        }
        return new Split(kept, problems);
    }

    private static String qualifiedName(TextIndex.Entry entry, TextIndex.Declaration declaration) {
        return entry.packageName().isEmpty() ? declaration.name() : entry.packageName() + "." + declaration.name();
    }
}
