package org.fjdoctor.analyzer.scope;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.source.SourceFile;

/**
 * Predicts, from the text alone, files that the focused model's rounds would otherwise add one Spoon build
 * at a time: the files declaring a type that code task code may reach names (the bodies
 * {@link BodyStripper} keeps, and the fields, signatures and type headers of their files), their
 * supertypes, and so on until nothing is added. Only a prediction: {@link FocusedScope} still checks the
 * built model and adds what it lacks (implementations found by the class hierarchy, files that name a
 * pool holder or a searched flow), so findings never depend on how good the prediction is.
 */
final class LexicalClosure {

    private LexicalClosure() {
    }

    /**
     * Adds the predicted files to {@code scope}.
     *
     * @param files  every file of the tree, in order
     * @param tokens the tokens of files lexed before, added to here
     */
    static void close(TextIndex index, List<SourceFile> files, Set<SourceFile> scope, FocusedScope.Seed seed,
                      Set<String> flowNames, int callDepth, Map<SourceFile, JavaLexer.Tokens> tokens) {
        while (true) {
            List<SourceFile> modelled = files.stream().filter(scope::contains).toList();
            Set<String> names = names(BodyStripper.keep(modelled, seed.forkJoinTypes(), flowNames, callDepth, tokens));
            Set<SourceFile> added = declaringFiles(index, names, scope);
            if (added.isEmpty()) {
                return;
            }
            scope.addAll(added);
            FocusedScope.addSupertypeFiles(index, added, scope);
        }
    }

    /**
     * The identifiers the kept code names: in kept bodies, and outside every body (fields, signatures, type
     * headers) of the files that keep one. Imports are left out: a name a file imports and uses only in a
     * blanked body names nothing task code reaches. (Leaving out the signatures of blanked and abstract
     * methods as well predicted no better: on javaparser it missed more of the files the rounds add.)
     */
    private static Set<String> names(BodyStripper.Kept kept) {
        Set<String> names = new HashSet<>();
        kept.filesKeepingABody().forEach((file, bodies) -> addNames(kept, kept.tokens(file), bodies, names));
        return names;
    }

    private static void addNames(BodyStripper.Kept kept, JavaLexer.Tokens tokens, List<BodyStripper.Body> bodies,
                                 Set<String> names) {
        int next = 0;
        for (int t = 0; t < tokens.size(); t++) {
            BodyStripper.Body body = next < bodies.size() && bodies.get(next).open() == t ? bodies.get(next++) : null;
            if (body != null && !kept.isKept(body)) {
                t = body.close();
            } else if (tokens.at(t).equals("import") || tokens.at(t).equals("package")) {
                while (t < tokens.size() && !tokens.at(t).equals(";")) {
                    t++;
                }
            } else if (JavaLexer.isIdentifier(tokens.at(t))) {
                names.add(tokens.at(t));
            }
        }
    }

    /** The files outside {@code scope} that declare a type of one of these names, as code using them can refer to it. */
    private static Set<SourceFile> declaringFiles(TextIndex index, Set<String> names, Set<SourceFile> scope) {
        Set<SourceFile> declaring = new LinkedHashSet<>();
        for (String name : names) {
            for (TextIndex.Entry entry : index.declaring(name)) {
                if (!scope.contains(entry.file()) && !RuntimeTypes.providesAll(entry)
                        && entry.declarations().stream().anyMatch(d -> d.name().equals(name) && d.referableFrom(names))) {
                    declaring.add(entry.file());
                }
            }
        }
        return declaring;
    }
}
