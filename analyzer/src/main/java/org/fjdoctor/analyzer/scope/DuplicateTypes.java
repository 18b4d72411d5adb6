package org.fjdoctor.analyzer.scope;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.FileProblem;
import org.fjdoctor.analyzer.FileProblem.Kind;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * One model cannot hold two declarations of the same type (Spoon aborts the whole build), yet
 * repositories often have them: a test double with a production class's name, two modules with
 * variants of one class. The first file (in path order, so {@code src/main} before {@code src/test})
 * is analyzed; later ones are reported and left out.
 */
final class DuplicateTypes {

    /** The files to analyze and the problems for those left out. */
    record Split(List<TextIndex.Entry> kept, List<FileProblem> problems) {
    }

    private DuplicateTypes() {
    }

    /** Indexes every file (in parallel, keeping their order) and splits off the second declarations. */
    static Split scan(List<SourceFile> files) {
        return split(files.parallelStream().map(TextIndex::scan).toList());
    }

    private static Split split(List<TextIndex.Entry> entries) {
        Map<String, SourceFile> owners = new HashMap<>();
        List<TextIndex.Entry> kept = new ArrayList<>();
        List<FileProblem> problems = new ArrayList<>();
        for (TextIndex.Entry entry : entries) {
            SourceFile file = entry.file();
            String clash = null;
            for (TextIndex.Declaration declaration : entry.declarations()) {
                String name = qualifiedName(entry, declaration);
                SourceFile owner = owners.get(name);
                if (declaration.outers().isEmpty() && owner != null && owner != file) {
                    clash = name + ", already declared in " + owner.display();
                    break;
                }
            }
            if (clash != null) {
                problems.add(new FileProblem(file.path(), file.display(), Kind.DUPLICATE_TYPE, "declares " + clash
                        + "; left out of the analysis (scan the two source trees separately to analyze both)", false));
                continue;
            }
            for (TextIndex.Declaration declaration : entry.declarations()) {
                if (declaration.outers().isEmpty()) {
                    owners.putIfAbsent(qualifiedName(entry, declaration), file);
                }
            }
            kept.add(entry);
        }
        return new Split(kept, problems);
    }

    private static String qualifiedName(TextIndex.Entry entry, TextIndex.Declaration declaration) {
        return entry.packageName().isEmpty() ? declaration.name() : entry.packageName() + "." + declaration.name();
    }
}
