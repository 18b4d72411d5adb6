package org.fjdoctor.analyzer.scope;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.model.CreatedTasks;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.TestSources;

/**
 * A lexical index of every file: its package, the identifiers its code uses (comments and literals
 * left out), the types it declares and the names each declaration's extends/implements clause
 * mentions. Cheap enough to build for every file of a large tree, so that only the files that can
 * matter get a full Spoon model. Everything it answers is a superset of what resolution would say.
 */
final class TextIndex {

    /**
     * One file's lexical facts; {@code methodBodies} names the methods it declares with a body
     * ({@code name(..) {} or {@code name(..) throws .. {}), which bounds how many implementations of a
     * method its types can add; {@code instantiated} the simple names it creates with {@code new}, and
     * {@link CreatedTasks#PROGRAM_ENTRY} where it declares a {@code main} method outside test sources (so that
     * a model of some files knows whether the whole tree is a program).
     */
    record Entry(SourceFile file, String packageName, Set<String> identifiers, List<Declaration> declarations,
                 int unbalancedBrace, Set<String> instantiated, Set<String> methodBodies) {
    }

    /**
     * A type declaration: its simple name, the simple names of the types it is nested in (outermost
     * first) and the names its extends/implements clause mentions (type arguments included).
     */
    record Declaration(String name, List<String> outers, Set<String> supertypeMentions) {
        /**
         * Whether a file using these identifiers can refer to this type by its simple name: another
         * file can only reach a nested type through its outer type's name (qualified, imported or
         * inherited), so a nested name alone is not enough.
         */
        boolean referableFrom(Set<String> identifiers) {
            return identifiers.contains(name)
                    && (outers.isEmpty() || outers.stream().anyMatch(identifiers::contains));
        }
    }

    private final Map<SourceFile, Entry> entries = new LinkedHashMap<>();
    private final Map<String, List<Entry>> bySimpleName = new HashMap<>();
    private final Map<String, List<Entry>> byQualifiedName = new HashMap<>();
    private final Map<String, List<Extension>> bySupertypeMention = new HashMap<>();
    private Set<String> instantiatedNames;

    TextIndex(List<Entry> scanned) {
        scanned.forEach(entry -> {
            entries.put(entry.file(), entry);
            for (Declaration declared : entry.declarations()) {
                bySimpleName.computeIfAbsent(declared.name(), k -> new ArrayList<>()).add(entry);
                List<String> path = new ArrayList<>();
                if (!entry.packageName().isEmpty()) {
                    path.add(entry.packageName());
                }
                path.addAll(declared.outers());
                path.add(declared.name());
                byQualifiedName.computeIfAbsent(String.join(".", path), k -> new ArrayList<>()).add(entry);
                for (String mention : declared.supertypeMentions()) {
                    bySupertypeMention.computeIfAbsent(mention, k -> new ArrayList<>()).add(new Extension(entry, declared));
                }
            }
        });
    }

    /** A declaration whose extends/implements clause mentions a name, and the file declaring it. */
    record Extension(Entry entry, Declaration declaration) {
    }

    /** The declarations that extend or implement a type of this simple name (by mention). */
    List<Extension> extending(String simpleName) {
        return bySupertypeMention.getOrDefault(simpleName, List.of());
    }

    Entry entry(SourceFile file) {
        return entries.get(file);
    }

    Iterable<Entry> entries() {
        return entries.values();
    }

    /** Whether any file creates an instance of a type of this simple name ({@code new Name(..)}). */
    boolean instantiated(String simpleName) {
        return instantiatedNames().contains(simpleName);
    }

    /** The simple names of the types some file creates an instance of, built on first use. */
    Set<String> instantiatedNames() {
        if (instantiatedNames == null) {
            Set<String> names = new HashSet<>();
            entries.values().forEach(entry -> names.addAll(entry.instantiated()));
            instantiatedNames = Collections.unmodifiableSet(names);
        }
        return instantiatedNames;
    }

    List<Entry> declaring(String simpleName) {
        return bySimpleName.getOrDefault(simpleName, List.of());
    }

    /**
     * The files that may declare the type with this qualified name: {@code a.b.Outer.Inner} is looked up
     * as written, then as {@code a.b.Outer}; a name that matches nothing (an unresolved reference in
     * no-classpath mode may carry a guessed package) falls back to every declaration of its simple name,
     * unless it is a JDK name ({@code java.*}), which only matches when the JDK's own sources are scanned.
     */
    List<Entry> declaringQualified(String qualifiedName) {
        String name = qualifiedName.replace('$', '.');
        int generic = name.indexOf('<');
        if (generic >= 0) {
            name = name.substring(0, generic);
        }
        for (String candidate = name; !candidate.isEmpty(); ) {
            List<Entry> found = byQualifiedName.get(candidate);
            if (found != null) {
                return found;
            }
            int dot = candidate.lastIndexOf('.');
            if (dot < 0) {
                break;
            }
            candidate = candidate.substring(0, dot);
        }
        if (name.startsWith("java.")) {
            return List.of();
        }
        return declaring(name.substring(name.lastIndexOf('.') + 1));
    }

    /** The lexical facts of one file. */
    static Entry scan(SourceFile file) {
        JavaLexer.Tokens lexed = JavaLexer.lex(file.text());
        List<String> tokens = lexed.tokens();
        Set<String> identifiers = new HashSet<>();
        Set<String> instantiated = new HashSet<>(); // X of every 'new X' and 'new a.b.X', and a main method's mark
        Set<String> methodBodies = new HashSet<>();
        for (int t = 0; t < tokens.size(); t++) {
            String token = tokens.get(t);
            if (isIdentifier(token)) {
                identifiers.add(token);
                if (isMethodWithBody(tokens, t)) {
                    methodBodies.add(token);
                    if (token.equals("main") && t > 0 && tokens.get(t - 1).equals("void")
                            && !TestSources.isTest(file)) {
                        instantiated.add(CreatedTasks.PROGRAM_ENTRY); // a program, not only a library
                    }
                }
                if (t > 0 && tokens.get(t - 1).equals("new")) {
                    int k = t;
                    while (k + 2 < tokens.size() && tokens.get(k + 1).equals(".") && isIdentifier(tokens.get(k + 2))) {
                        k += 2;
                    }
                    instantiated.add(tokens.get(k));
                }
            }
        }
        List<Declaration> declarations = new ArrayList<>();
        String packageName = "";
        // Declarations: class|interface|enum Name, record Name(, with the supertypes up to the body's '{'.
        Deque<String> outers = new ArrayDeque<>();
        Deque<Integer> outerDepths = new ArrayDeque<>();
        String pending = null;
        int depth = 0;
        for (int t = 0; t < tokens.size(); t++) {
            String token = tokens.get(t);
            if (token.equals("{")) {
                depth++;
                if (pending != null) {
                    outers.addLast(pending);
                    outerDepths.addLast(depth);
                    pending = null;
                }
                continue;
            }
            if (token.equals("}")) {
                if (!outerDepths.isEmpty() && outerDepths.peekLast() == depth) {
                    outers.removeLast();
                    outerDepths.removeLast();
                }
                depth--;
                continue;
            }
            boolean afterDot = t > 0 && tokens.get(t - 1).equals(".");
            boolean typeKeyword = token.equals("class") || token.equals("interface") || token.equals("enum")
                    || (token.equals("record") && t + 2 < tokens.size()
                    && (tokens.get(t + 2).equals("(") || tokens.get(t + 2).equals("<")));
            if (!typeKeyword || afterDot || t + 1 >= tokens.size() || !isIdentifier(tokens.get(t + 1))) {
                continue;
            }
            Set<String> mentions = new LinkedHashSet<>();
            int k = skipBracketed(tokens, skipBracketed(tokens, t + 2, "<", ">"), "(", ")");
            boolean inSupertypes = false;
            for (; k < tokens.size() && !tokens.get(k).equals("{") && !tokens.get(k).equals(";"); k++) {
                String word = tokens.get(k);
                if (word.equals("extends") || word.equals("implements")) {
                    inSupertypes = true;
                } else if (word.equals("permits")) {
                    inSupertypes = false; // permitted subtypes are not supertypes
                } else if (inSupertypes && isIdentifier(word)) {
                    mentions.add(word);
                }
            }
            pending = tokens.get(t + 1);
            declarations.add(new Declaration(pending, List.copyOf(outers), mentions));
        }
        // 'package' is a keyword: outside comments it only starts the package declaration.
        int declaration = tokens.indexOf("package");
        if (declaration >= 0) {
            StringBuilder name = new StringBuilder();
            for (int k = declaration + 1; k < tokens.size() && !tokens.get(k).equals(";"); k++) {
                name.append(tokens.get(k));
            }
            packageName = name.toString();
        }
        return new Entry(file, packageName, identifiers, declarations, JavaLexer.unbalancedBrace(lexed), instantiated,
                methodBodies);
    }

    /** {@code name(..) {} or {@code name(..) throws}: a declaration with a body, not a call or a 'new'. */
    private static boolean isMethodWithBody(List<String> tokens, int t) {
        if (t + 1 >= tokens.size() || !tokens.get(t + 1).equals("(")
                || t > 0 && (tokens.get(t - 1).equals("new") || tokens.get(t - 1).equals("."))) {
            return false;
        }
        int k = skipBracketed(tokens, t + 1, "(", ")");
        return k < tokens.size() && (tokens.get(k).equals("{") || tokens.get(k).equals("throws"));
    }

    /** The index after a balanced {@code open ... close} group starting at {@code k}, or {@code k}. */
    private static int skipBracketed(List<String> tokens, int k, String open, String close) {
        if (k >= tokens.size() || !tokens.get(k).equals(open)) {
            return k;
        }
        int depth = 0;
        for (; k < tokens.size(); k++) {
            if (tokens.get(k).equals(open)) {
                depth++;
            } else if (tokens.get(k).equals(close) && --depth == 0) {
                return k + 1;
            } else if (tokens.get(k).equals("{")) {
                return k;
            }
        }
        return k;
    }

    private static boolean isIdentifier(String token) {
        return JavaLexer.isIdentifier(token);
    }

}
