package org.fjdoctor.analyzer.scope;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;

/**
 * Tells, from the lexical index alone, whether an edit of a file that the last scan kept out of its focused
 * scope can change any finding or problem of that scan. When it cannot, a warm engine keeps the model.
 *
 * <p>Why the answer is sound. A file outside the scope reaches {@link FocusedScope} only through its
 * {@link TextIndex.Entry}; the model itself is built from the scope's texts alone. The scope's rules read an
 * outside file's entry in these ways, and each is unchanged by an edit this class lets through:
 * <ul>
 * <li>its package, declarations (names, outer names, supertype mentions), the names it instantiates and
 *     the methods it declares with a body: required equal, so the duplicate-type split, the declaring and
 *     extending lookups, the dispatch fan-out count and the instantiated names the model is given are the
 *     same;</li>
 * <li>its identifiers, against (a) the fork/join vocabulary and the names of the types extending it, in
 *     the seed: every such name is a framework name or a type declared in the tree; (b) the names that may
 *     run code in the common pool; (c) the pool holders and flow-searched names of every round's model:
 *     names of fields, methods and classes declared in, or called from, a model file, so identifiers of
 *     the final scope's files (the scope only grows from round to round). An edit whose added and removed
 *     identifiers avoid all of these gives every such test the same answer;</li>
 * <li>its braces, for the lexical syntax check outside the scope: required balanced before and after.</li>
 * </ul>
 * With every input to every round the same, the rounds build the same scopes, the same model and so the
 * same findings; the outside file stays outside.
 */
public final class OutsideEdits {

    private final Map<Path, TextIndex.Entry> entries;
    private final Set<Path> scope;
    /** Names an outside file's identifiers are tested against; an edit adding or removing one may matter. */
    private final Set<String> guarded;

    private OutsideEdits(Map<Path, TextIndex.Entry> entries, Set<Path> scope, Set<String> guarded) {
        this.entries = entries;
        this.scope = scope;
        this.guarded = guarded;
    }

    /**
     * @param all   every file the scan read
     * @param scope the files the scan's scope held: those modelled, and those it reported as unparsable or
     *              unmodelled (a superset is safe: it only makes fewer edits pass)
     */
    public static OutsideEdits of(List<SourceFile> all, Collection<Path> scope) {
        Map<Path, TextIndex.Entry> entries = new HashMap<>();
        all.parallelStream().map(TextIndex::scan).toList().forEach(entry -> entries.put(entry.file().path(), entry));
        Set<String> guarded = new HashSet<>(Framework.simpleNames());
        Set<Path> inScope = Set.copyOf(scope);
        for (TextIndex.Entry entry : entries.values()) {
            entry.declarations().forEach(declaration -> guarded.add(declaration.name()));
            if (inScope.contains(entry.file().path())) {
                guarded.addAll(entry.identifiers());
            }
        }
        return new OutsideEdits(entries, inScope, guarded);
    }

    /** Whether the file was in the scan's scope (an edit of it always needs the model rebuilt). */
    public boolean inScope(Path file) {
        return scope.contains(file);
    }

    /**
     * Whether replacing the scanned text of {@code edited}'s file by {@code edited}'s text cannot change any
     * finding or problem of the scan. False for a file the scan did not read or held in its scope.
     */
    public boolean cannotMatter(SourceFile edited) {
        TextIndex.Entry before = entries.get(edited.path());
        if (before == null || scope.contains(edited.path())) {
            return false;
        }
        TextIndex.Entry after = TextIndex.scan(edited);
        return after.packageName().equals(before.packageName())
                && after.declarations().equals(before.declarations())
                && after.instantiated().equals(before.instantiated())
                && after.methodBodies().equals(before.methodBodies())
                && before.unbalancedBrace() < 0 && after.unbalancedBrace() < 0
                && changedIdentifiersAvoidGuarded(before.identifiers(), after.identifiers());
    }

    /** Takes an edit that {@link #cannotMatter} allowed into the index, for the next edit to be judged against. */
    public void accept(SourceFile edited) {
        if (!cannotMatter(edited)) {
            throw new IllegalArgumentException(edited.display() + ": an edit that may matter needs a new scan");
        }
        entries.put(edited.path(), TextIndex.scan(edited));
    }

    /**
     * Takes an edit of a file in the scope into the index: the names it uses now are guarded from now on (those
     * it no longer uses stay guarded, which only makes fewer edits pass).
     */
    public void scopeFileEdited(SourceFile edited) {
        if (!scope.contains(edited.path())) {
            throw new IllegalArgumentException(edited.display() + " is not in the scope");
        }
        TextIndex.Entry entry = TextIndex.scan(edited);
        entries.put(edited.path(), entry);
        guarded.addAll(entry.identifiers());
    }

    private boolean changedIdentifiersAvoidGuarded(Set<String> before, Set<String> after) {
        return noneGuardedOnlyIn(after, before) && noneGuardedOnlyIn(before, after);
    }

    private boolean noneGuardedOnlyIn(Set<String> these, Set<String> others) {
        for (String identifier : these) {
            if (!others.contains(identifier) && (guarded.contains(identifier) || Apis.mayRunInCommonPool(identifier))) {
                return false;
            }
        }
        return true;
    }
}
