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
 * {@link BodyStripper} keeps, their signatures, and the fields and type headers around them), their
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
     * The identifiers the kept code names: kept bodies with their signatures, and the fields and type
     * headers of the files that keep a body. Imports, and the signatures of blanked and abstract methods,
     * are left out: a type named only there is one that task code does not reach through that file.
     */
    private static Set<String> names(BodyStripper.Kept kept) {
        Set<String> names = new HashSet<>();
        kept.filesKeepingABody().forEach((file, bodies) -> addNames(kept, kept.tokens(file), bodies, names));
        return names;
    }

    /** Adds the names of one file's kept code: its declarations one at a time, up to each ';', '{' or '}'. */
    private static void addNames(BodyStripper.Kept kept, JavaLexer.Tokens tokens, List<BodyStripper.Body> bodies,
                                 Set<String> names) {
        int next = 0;
        int start = 0;
        for (int t = 0; t < tokens.size(); t++) {
            String token = tokens.at(t);
            BodyStripper.Body body = next < bodies.size() && bodies.get(next).open() == t ? bodies.get(next++) : null;
            if (body != null) {
                if (kept.isKept(body)) {
                    addIdentifiers(tokens, start, body.close(), names);
                }
                t = body.close();
                start = t + 1;
            } else if (token.equals(";")) {
                if (!isImportOrAbstractMethod(tokens, start, t)) {
                    addIdentifiers(tokens, start, t, names);
                }
                start = t + 1;
            } else if (token.equals("{") || token.equals("}")) {
                addIdentifiers(tokens, start, t, names);
                start = t + 1;
            }
        }
    }

    private static void addIdentifiers(JavaLexer.Tokens tokens, int from, int to, Set<String> names) {
        for (int t = from; t < to; t++) {
            if (JavaLexer.isIdentifier(tokens.at(t))) {
                names.add(tokens.at(t));
            }
        }
    }

    /** An import or package line, or a method declared without a body ({@code R visit(Node n);}). */
    private static boolean isImportOrAbstractMethod(JavaLexer.Tokens tokens, int from, int to) {
        if (tokens.at(from).equals("import") || tokens.at(from).equals("package")) {
            return true;
        }
        for (int t = from + 1; t < to && !tokens.at(t).equals("="); t++) {
            if (tokens.at(t).equals("(") && JavaLexer.isIdentifier(tokens.at(t - 1))
                    && !tokens.at(t - 2).equals("@") && !tokens.at(t - 2).equals(".")) {
                return true;
            }
        }
        return false;
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
