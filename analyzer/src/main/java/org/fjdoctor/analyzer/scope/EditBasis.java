package org.fjdoctor.analyzer.scope;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

import spoon.reflect.CtModel;

/**
 * What a focused scope's last round (or the whole tree's model) was built from, kept so that an edit inside one
 * model file's bodies can replace that file's unit instead of building the model again ({@link BodyEdit}).
 *
 * @param files         the model's files, in the order they were built
 * @param texts         the text Spoon saw for each of them (unreachable bodies blanked)
 * @param forkJoinTypes the seed's fork/join type names the bodies were blanked with
 * @param flowNames     the flow names the bodies were blanked with (every round's, which the last model's are among)
 * @param index         the lexical index of every file the scope was chosen from
 * @param seed          the seed's files
 * @param seedNames     the names a file's identifiers are tested against for the seed: the fork/join type names
 *                      and the outer names of the types extending one
 * @param initial       the scope before the first round (seed, module declarations, named and super types)
 * @param filesByPath   the model's files by the path Spoon knows them by
 * @param spoon         the Spoon model
 * @param signatures    each model file with every body blanked, filled on the first edit
 * @param wholeTree     whether every file was modelled as written (nothing blanked, no seed or flow names)
 */
public record EditBasis(List<SourceFile> files, Map<SourceFile, String> texts, Set<String> forkJoinTypes,
                        Set<String> flowNames, TextIndex index, Set<SourceFile> seed, Set<String> seedNames,
                        Set<SourceFile> initial,
                        Map<String, SourceFile> filesByPath, CtModel spoon, SourceSet sourceSet, ModelOptions options,
                        Map<SourceFile, String> signatures, boolean wholeTree) {

    /** The basis of a model of every file as written, which has no seed, no flow names and blanks nothing. */
    static EditBasis wholeTree(List<SourceFile> files, TextIndex index, Map<String, SourceFile> filesByPath,
                               CtModel spoon, SourceSet sourceSet, ModelOptions options,
                               Map<SourceFile, String> signatures) {
        Map<SourceFile, String> texts = new HashMap<>();
        files.forEach(file -> texts.put(file, file.text()));
        return new EditBasis(files, texts, Set.of(), Set.of(), index, Set.of(), Set.of(), Set.of(), filesByPath, spoon,
                sourceSet, options, signatures, true);
    }
}
