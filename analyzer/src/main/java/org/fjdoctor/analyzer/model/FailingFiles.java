package org.fjdoctor.analyzer.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.isolation.Failures;
import org.fjdoctor.analyzer.source.SourceFile;

/**
 * The files a model build fails on when it fails outside any one file's tree (in JDT's resolution, or in
 * Spoon's checks of the whole model), found by halving the set: a few builds of ever smaller halves
 * instead of one build per file.
 */
final class FailingFiles {

    /** Builds a model of the files, throwing as the real build does. */
    @FunctionalInterface
    interface Attempt {
        void build(List<SourceFile> files);
    }

    private FailingFiles() {
    }

    /**
     * The files of {@code files}, whose build threw {@code thrown}, that fail on their own, each with what
     * its build threw; where no part fails alone, all of {@code files} (they fail only together).
     */
    static Map<SourceFile, String> find(List<SourceFile> files, Throwable thrown, Attempt attempt) {
        Map<SourceFile, String> failing = new LinkedHashMap<>();
        find(files, thrown, attempt, failing);
        return failing;
    }

    private static void find(List<SourceFile> files, Throwable thrown, Attempt attempt, Map<SourceFile, String> failing) {
        if (files.size() > 1) {
            int before = failing.size();
            int mid = files.size() / 2;
            for (List<SourceFile> half : List.of(files.subList(0, mid), files.subList(mid, files.size()))) {
                try {
                    attempt.build(half);
                } catch (Throwable e) {
                    Failures.rethrowUnrecoverable(e);
                    find(half, e, attempt, failing);
                }
            }
            if (failing.size() > before) {
                return;
            }
        }
        files.forEach(file -> failing.put(file, Failures.describe(thrown)));
    }
}
