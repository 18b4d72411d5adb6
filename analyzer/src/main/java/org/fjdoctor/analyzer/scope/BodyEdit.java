package org.fjdoctor.analyzer.scope;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.lang.model.SourceVersion;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.SpoonModelBuilder;
import org.fjdoctor.analyzer.model.UnitReplacement;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;

/**
 * Takes an edit of one file of a focused model that keeps the file's declarations (an edit inside bodies)
 * by replacing only that file's unit in the Spoon model and finding task code again, when the result is the
 * model a fresh {@link FocusedScope} would close on; otherwise it declines, and the caller builds again.
 *
 * <p>Why the result gives a cold scan's findings. A focused scope's findings are the full model's once the
 * scope is closed (nothing missing, no new flow names: {@link FocusedScope}), so it is enough that the
 * edited scope is closed and was built as a round would build it:
 * <ul>
 * <li>the lexical inputs that chose the first scope are the same: the file's package, declarations,
 *     instantiated names and methods with bodies are equal, and the identifiers it gains or loses name no
 *     type of the tree, no fork/join type and nothing that may run in the common pool, so the seed, the
 *     named-type hop and the duplicate-type split are unchanged;</li>
 * <li>every other file's text as Spoon saw it is unchanged: the bodies are blanked again with the edited
 *     text and must come out as before, the edited file's own blanking is the new one;</li>
 * <li>the edited unit declares the same types with the same members ({@link UnitReplacement}), so the other
 *     units' references mean what they meant;</li>
 * <li>the new model is closed: no file is missing and its flow names are among those the bodies were
 *     blanked with;</li>
 * <li>every file the scope holds that does not parse was in the first scope, which a cold scan holds too, or
 *     the new model still misses it (so a cold scan's rounds add it too): the problems reported are the same.</li>
 * </ul>
 * A scope grown by the old text can hold more files than a cold scan's; being closed, it gives the same
 * findings (only the count of modelled files can differ).
 */
public final class BodyEdit {

    private BodyEdit() {
    }

    /**
     * The scope with {@code edited} (a new text of one of its model files) in place of the file's old text,
     * or null when this edit needs the model built again. The old scope's Spoon model is changed either way:
     * after a null answer it must not be used.
     */
    public static ModelScope apply(ModelScope scope, SourceFile edited) {
        EditBasis basis = scope.basis();
        if (basis == null) {
            return null; // the whole tree was modelled: nothing to replace a unit in
        }
        if (!scope.unmodelled().isEmpty()) {
            return declined(basis, "the model left out files it could not build");
        }
        if (basis.wholeTree()) {
            return inWholeTree(scope, basis, edited);
        }
        // Files of the scope that do not parse, which the rounds added: a cold scan holds them (and reports
        // them) only while the model still needs them, which is checked below.
        Set<SourceFile> lateErrors = new HashSet<>(basis.files());
        lateErrors.retainAll(scope.syntaxErrors().keySet());
        lateErrors.removeAll(basis.initial());
        SourceFile old = parsingBeforeAndAfter(scope, basis, edited);
        if (old == null) {
            return declined(basis, "the file does not parse, or did not");
        }
        TextIndex.Entry before = basis.index().entry(old);
        TextIndex.Entry after = TextIndex.scan(edited);
        if (before == null || !sameDeclarations(before, after)) {
            return declined(basis, "the file's declarations changed");
        }
        if (!changedIdentifiersAvoid(before, after, guardedNames(basis, old))) {
            return declined(basis, "the file gained or lost a name the seed tests");
        }
        List<SourceFile> files = basis.files().stream().map(file -> file == old ? edited : file).toList();
        basis.options().phases().accept("blanking bodies again after the edit of " + edited.display());
        Map<SourceFile, String> stripped = BodyStripper.strip(files, basis.forkJoinTypes(), basis.flowNames(),
                basis.options().callDepth());
        for (SourceFile file : files) {
            if (file != edited && !keepsAll(basis.texts().get(file), stripped.get(file), file.text())) {
                return declined(basis, "the edit reaches a body of " + file.display() + " that the model lacks");
            }
        }
        Map<SourceFile, String> texts = new HashMap<>(basis.texts());
        texts.remove(old);
        texts.put(edited, stripped.get(edited));
        if (!replaceUnit(basis, edited, texts.get(edited))) {
            return declined(basis, "the new unit's types or members differ from the old one's");
        }
        Map<String, SourceFile> filesByPath = filesByPathAfter(basis, old, edited);
        TextIndex index = withEntry(basis.index(), old, after);
        Set<SourceFile> scoped = new HashSet<>(files);
        basis.options().phases().accept("finding task code");
        ForkJoinModel model = new ForkJoinModel(basis.spoon(), filesByPath, basis.options().callDepth(),
                basis.options().commonPoolCode(), index.instantiatedNames(), scope.model(), edited.path());
        scoped.removeAll(lateErrors);
        Set<SourceFile> missing = FocusedScope.missingFiles(model, index, scoped);
        if (!lateErrors.containsAll(missing)) {
            return declined(basis, "task code now needs files the model lacks");
        }
        if (!missing.containsAll(lateErrors)) {
            return declined(basis, "the scope holds a file that does not parse which the model may no longer need");
        }
        if (!basis.flowNames().containsAll(model.flowSearchedNames())) {
            return declined(basis, "task code now searches new flow names");
        }
        EditBasis next = new EditBasis(files, texts, basis.forkJoinTypes(), basis.flowNames(), index,
                replaced(basis.seed(), old, edited), basis.seedNames(), replaced(basis.initial(), old, edited),
                filesByPath, basis.spoon(), basis.sourceSet(), basis.options(), signaturesAfter(basis, old, edited),
                false);
        return new ModelScope(model, scope.syntaxErrors(), scope.unmodelled(), scope.leftOut(), scope.modelFiles(), next);
    }

    /**
     * The edit in a model of every file as written. Nothing was blanked and no file is missing, so the model
     * with the new unit is the whole tree's model of the edited texts, whose findings a cold scan gives
     * whichever scope it closes on; what must hold is that the file parses before and after, and that it
     * declares what it declared, so that the other units' references mean what they meant.
     */
    private static ModelScope inWholeTree(ModelScope scope, EditBasis basis, SourceFile edited) {
        SourceFile old = parsingBeforeAndAfter(scope, basis, edited);
        if (old == null) {
            return declined(basis, "the file does not parse, or did not");
        }
        TextIndex.Entry before = basis.index().entry(old);
        TextIndex.Entry after = TextIndex.scan(edited);
        if (before == null || !after.packageName().equals(before.packageName())
                || !after.declarations().equals(before.declarations()) || after.unbalancedBrace() >= 0) {
            return declined(basis, "the file's declarations changed");
        }
        if (!replaceUnit(basis, edited, edited.text())) {
            return declined(basis, "the new unit's types or members differ from the old one's");
        }
        List<SourceFile> files = basis.files().stream().map(file -> file == old ? edited : file).toList();
        Map<String, SourceFile> filesByPath = filesByPathAfter(basis, old, edited);
        basis.options().phases().accept("finding task code");
        ForkJoinModel model = new ForkJoinModel(basis.spoon(), filesByPath, basis.options().callDepth(),
                basis.options().commonPoolCode(), Set.of(), scope.model(), edited.path());
        EditBasis next = EditBasis.wholeTree(files, withEntry(basis.index(), old, after), filesByPath, basis.spoon(),
                basis.sourceSet(), basis.options(), signaturesAfter(basis, old, edited));
        return new ModelScope(model, scope.syntaxErrors(), scope.unmodelled(), scope.leftOut(), scope.modelFiles(),
                next);
    }

    /** Replaces {@code edited}'s unit in the Spoon model with {@code text}; false where its declarations differ. */
    private static boolean replaceUnit(EditBasis basis, SourceFile edited, String text) {
        basis.options().phases().accept("replacing the unit of " + edited.display());
        if (basis.signatures().isEmpty()) {
            basis.signatures().putAll(BodyStripper.signatures(basis.files()));
        }
        return UnitReplacement.replace(basis.spoon(), edited, text, basis.signatures(), basis.sourceSet().classpath());
    }

    private static Map<String, SourceFile> filesByPathAfter(EditBasis basis, SourceFile old, SourceFile edited) {
        Map<String, SourceFile> filesByPath = new LinkedHashMap<>(basis.filesByPath());
        filesByPath.replaceAll((path, file) -> file == old ? edited : file);
        return filesByPath;
    }

    private static Map<SourceFile, String> signaturesAfter(EditBasis basis, SourceFile old, SourceFile edited) {
        Map<SourceFile, String> signatures = new HashMap<>(basis.signatures());
        signatures.remove(old);
        signatures.putAll(BodyStripper.signatures(List.of(edited)));
        return signatures;
    }

    /** The model's file that {@code edited} replaces, where both texts parse; else null. */
    private static SourceFile parsingBeforeAndAfter(ModelScope scope, EditBasis basis, SourceFile edited) {
        SourceFile old = basis.files().stream().filter(file -> file.path().equals(edited.path())).findFirst()
                .orElse(null);
        boolean parses = old != null && !scope.syntaxErrors().containsKey(old)
                && !SpoonModelBuilder.hasSyntaxError(edited, basis.sourceSet().parseLevel());
        return parses ? old : null;
    }

    private static ModelScope declined(EditBasis basis, String why) {
        basis.options().phases().accept("building the model again: " + why);
        return null;
    }

    /** Whether {@code modelled} keeps every body that {@code needed} keeps (both blank bodies of {@code text}). */
    private static boolean keepsAll(String modelled, String needed, String text) {
        if (modelled.equals(needed)) {
            return true;
        }
        for (int i = 0; i < text.length(); i++) {
            if (modelled.charAt(i) != text.charAt(i) && needed.charAt(i) == text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static Set<SourceFile> replaced(Set<SourceFile> files, SourceFile old, SourceFile edited) {
        Set<SourceFile> replaced = new HashSet<>(files);
        if (replaced.remove(old)) {
            replaced.add(edited);
        }
        return replaced;
    }

    private static boolean sameDeclarations(TextIndex.Entry before, TextIndex.Entry after) {
        return after.packageName().equals(before.packageName())
                && after.declarations().equals(before.declarations())
                && after.instantiated().equals(before.instantiated())
                && methodNames(after).equals(methodNames(before))
                && after.unbalancedBrace() < 0;
    }

    /**
     * Names the seed tests every file's identifiers against, and, for a file of the seed (whose named types
     * join the first scope), the names of every type the tree declares.
     */
    private static Set<String> guardedNames(EditBasis basis, SourceFile old) {
        Set<String> guarded = new HashSet<>(Framework.simpleNames());
        guarded.addAll(basis.seedNames());
        if (basis.seed().contains(old)) {
            for (TextIndex.Entry entry : basis.index().entries()) {
                entry.declarations().forEach(declaration -> guarded.add(declaration.name()));
            }
        }
        return guarded;
    }

    /**
     * The names of the methods the file declares with a body. The lexical index also counts statements that
     * look alike ({@code if (..) {}}); no method bears a keyword's name, so a call never matches those.
     */
    private static Set<String> methodNames(TextIndex.Entry entry) {
        Set<String> names = new HashSet<>(entry.methodBodies());
        names.removeIf(SourceVersion::isKeyword);
        return names;
    }

    private static boolean changedIdentifiersAvoid(TextIndex.Entry before, TextIndex.Entry after, Set<String> guarded) {
        Set<String> changed = new HashSet<>(before.identifiers());
        changed.addAll(after.identifiers());
        Set<String> kept = new HashSet<>(before.identifiers());
        kept.retainAll(after.identifiers());
        changed.removeAll(kept);
        return changed.stream().noneMatch(name -> guarded.contains(name) || Apis.mayRunInCommonPool(name));
    }

    private static TextIndex withEntry(TextIndex index, SourceFile old, TextIndex.Entry replacement) {
        List<TextIndex.Entry> entries = new ArrayList<>();
        for (TextIndex.Entry entry : index.entries()) {
            entries.add(entry.file() == old ? replacement : entry);
        }
        return new TextIndex(entries);
    }
}
