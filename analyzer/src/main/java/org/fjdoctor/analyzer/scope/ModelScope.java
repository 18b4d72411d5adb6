package org.fjdoctor.analyzer.scope;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * The fork/join model of a scan together with what was left out of it.
 *
 * @param unmodelled files that parse but that Spoon could not model in time or at all, with why
 * @param leftOut    files left out before modelling (e.g. a second declaration of a type)
 * @param modelFiles how many files the Spoon model holds
 * @param basis      what the model was built from, for {@link BodyEdit}; null where the scope cannot take an edit
 *                   of one file
 */
public record ModelScope(ForkJoinModel model, Map<SourceFile, String> syntaxErrors, Map<SourceFile, String> unmodelled,
                         List<FileProblem> leftOut, int modelFiles, EditBasis basis) {

    public ModelScope(ForkJoinModel model, Map<SourceFile, String> syntaxErrors, Map<SourceFile, String> unmodelled,
                      List<FileProblem> leftOut, int modelFiles) {
        this(model, syntaxErrors, unmodelled, leftOut, modelFiles, null);
    }

    /** The model of every file: the reference that {@link FocusedScope} must match. */
    public static ModelScope full(List<SourceFile> all, SourceSet sourceSet, ModelOptions options) {
        DuplicateTypes.Split unique = DuplicateTypes.scan(all);
        List<SourceFile> files = unique.kept().stream().map(TextIndex.Entry::file).toList();
        options.phases().accept("building the model of " + files.size() + " files");
        return asWritten(files, sourceSet, options, unique.problems(), (modelled, textOf, classpath, javaLevel)
                -> SpoonModelBuilder.build(modelled, textOf, classpath, javaLevel, options.fileBudget()), null);
    }

    /**
     * Every file modelled as written, by {@code builder}: the full model, also where focusing would not pay.
     * Given the lexical index of the files, the scope can take an edit of one file's bodies ({@link BodyEdit}).
     */
    static ModelScope asWritten(List<SourceFile> files, SourceSet sourceSet, ModelOptions options,
                                List<FileProblem> leftOut, FocusedScope.ModelBuilder builder, TextIndex index) {
        SpoonModelBuilder.Built built = builder.build(files, SourceFile::text, sourceSet.classpath(),
                sourceSet.parseLevel());
        options.phases().accept("finding task code");
        ForkJoinModel model = new ForkJoinModel(built.model(), built.filesByPath(), options.callDepth(),
                options.commonPoolCode());
        EditBasis basis = index == null ? null
                : EditBasis.wholeTree(files, index, built.filesByPath(), built.model(), sourceSet, options,
                        new HashMap<>());
        return new ModelScope(model, built.syntaxErrors(), built.crashed(), leftOut,
                files.size() - built.syntaxErrors().size() - built.crashed().size(), basis);
    }
}
