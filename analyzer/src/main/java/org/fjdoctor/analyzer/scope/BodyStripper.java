package org.fjdoctor.analyzer.scope;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.Parallelism;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Apis;

/**
 * Blanks out the bodies of methods that task code cannot reach, so that Spoon and JDT spend no time
 * resolving them. Reachability is over-approximated by name: a body is kept when its method's name is
 * an entry name or is called, by name, from a kept body (to the call-depth bound), and always when it
 * declares a class or submits work (it may hold an anonymous task or a lambda that runs as task code).
 * Bodies are replaced by spaces, keeping line breaks, so every offset and line stays what it was.
 */
final class BodyStripper {

    /**
     * Method names where task code starts (ForkJoinApi.isEntryMethod). Lambdas, method references and
     * anonymous classes handed to a pool live in bodies that call a submission method, kept below.
     */
    private static final Set<String> ENTRY_NAMES = Apis.ENTRY_NAMES;
    /** A body that calls one of these may hand a lambda or an anonymous class to a pool. */
    private static final Set<String> SUBMISSIONS = Apis.SUBMISSION_NAMES;
    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record");

    /**
     * A method or constructor body: token indices of its braces. {@code exact}: a constructor or a method
     * declared static, private or final, which the call graph follows without counting the call.
     */
    private record Body(SourceFile file, String owner, String name, boolean constructor, boolean exact, int open,
                        int close, boolean returnsExecutor) {
    }

    /**
     * Return types of a getter or factory that may hand out a fork/join pool typed as a plain executor
     * ({@code ExecutorService getRenderExecutor() { return renderExecutor; }}): where the pool comes from is
     * followed through its body, whoever calls it.
     */
    private static final Set<String> EXECUTOR_TYPES = Set.of("Executor", "ExecutorService");

    private BodyStripper() {
    }

    /**
     * The text to give Spoon for each file: the original with unreachable method bodies blanked.
     *
     * @param forkJoinTypes simple names of the types that may extend a fork/join type (a superset):
     *                      only their {@code compute}/{@code exec}/{@code onCompletion} are entries
     * @param flowNames     methods and queue fields through which functions reach task code: a body that
     *                      names one may pass such a function, so it is kept like an entry
     */
    static Map<SourceFile, String> strip(Collection<SourceFile> files, Set<String> forkJoinTypes,
                                         Set<String> flowNames, int callDepth) {
        Map<SourceFile, JavaLexer.Tokens> lexed = new HashMap<>();
        Map<String, List<Body>> byName = new HashMap<>();
        Map<String, List<Body>> byOwner = new HashMap<>();
        List<Body> bodies = new ArrayList<>();
        // Lexing is each file's own work: on every core, then read in the files' order.
        Parallelism.forEach(List.copyOf(files), file -> JavaLexer.lex(file.text()), lexed::put);
        for (SourceFile file : files) {
            for (Body body : bodies(file, lexed.get(file))) {
                bodies.add(body);
                byName.computeIfAbsent(body.name(), k -> new ArrayList<>()).add(body);
                byOwner.computeIfAbsent(body.owner(), k -> new ArrayList<>()).add(body);
            }
        }
        // By identity: two bodies are never equal unless they are one, and a record's hash would hash its file.
        Set<Body> kept = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Body> frontier = new ArrayList<>();
        // A body that calls an executor getter or factory may set a field to the pool it hands out.
        Set<String> executorMethods = new HashSet<>();
        bodies.stream().filter(Body::returnsExecutor).forEach(body -> executorMethods.add(body.name()));
        for (Body body : bodies) {
            JavaLexer.Tokens tokens = lexed.get(body.file());
            boolean entry = ENTRY_NAMES.contains(body.name()) && forkJoinTypes.contains(body.owner());
            if (body.constructor() || entry || body.returnsExecutor() || assignsCallOfAny(tokens, body, executorMethods)
                    || declaresOrSubmits(tokens, body)
                    || namesAny(tokens, body, forkJoinTypes)
                    || namesAny(tokens, body, flowNames)) {
                kept.add(body);
                frontier.add(body);
            }
        }
        // Level k of the frontier holds every body a call chain with k counted calls from an entry can
        // reach: a callee that may be exactly bound joins the level of its caller, as in the call graph.
        for (int level = 0; level <= callDepth && !frontier.isEmpty(); level++) {
            List<Body> next = new ArrayList<>();
            Deque<Body> current = new ArrayDeque<>(frontier);
            while (!current.isEmpty()) {
                Body body = current.poll();
                for (String called : calledNames(lexed.get(body.file()), body)) {
                    for (Body callee : byName.getOrDefault(called, List.of())) {
                        if (kept.add(callee)) {
                            (callee.exact() ? current : next).add(callee);
                        }
                    }
                }
                // runAsync(new Download(url)): the object's run()/get()/apply() runs as handed-on code
                for (String handed : handedObjects(lexed.get(body.file()), body)) {
                    for (Body callee : byOwner.getOrDefault(handed, List.of())) {
                        if (Apis.FUNCTIONAL_METHODS.contains(callee.name()) && kept.add(callee)) {
                            next.add(callee);
                        }
                    }
                }
            }
            frontier = next;
        }
        return blank(files, lexed, bodies.stream().filter(body -> !kept.contains(body)).toList());
    }

    /**
     * Each file's text with every member-level method and constructor body blanked: what other files' code
     * can see of it (its declarations), for resolving one file against the others.
     */
    static Map<SourceFile, String> signatures(Collection<SourceFile> files) {
        Map<SourceFile, JavaLexer.Tokens> lexed = new HashMap<>();
        Parallelism.forEach(List.copyOf(files), file -> JavaLexer.lex(file.text()), lexed::put);
        List<Body> bodies = new ArrayList<>();
        files.forEach(file -> bodies.addAll(bodies(file, lexed.get(file))));
        return blank(files, lexed, bodies);
    }

    private static Map<SourceFile, String> blank(Collection<SourceFile> files, Map<SourceFile, JavaLexer.Tokens> lexed,
                                                 List<Body> blankedBodies) {
        Map<SourceFile, char[]> blanked = new HashMap<>();
        for (Body body : blankedBodies) {
            char[] text = blanked.computeIfAbsent(body.file(), file -> file.text().toCharArray());
            int[] offsets = lexed.get(body.file()).offsets();
            for (int i = offsets[body.open()] + 1; i < offsets[body.close()]; i++) {
                if (text[i] != '\n' && text[i] != '\r') {
                    text[i] = ' ';
                }
            }
        }
        Map<SourceFile, String> texts = new HashMap<>();
        for (SourceFile file : files) {
            char[] text = blanked.get(file);
            texts.put(file, text == null ? file.text() : new String(text));
        }
        return texts;
    }

    /** Member-level method and constructor bodies, outermost only (nested ones go with their method). */
    private static List<Body> bodies(SourceFile file, JavaLexer.Tokens tokens) {
        List<Body> bodies = new ArrayList<>();
        Deque<String> typeNames = new ArrayDeque<>();   // enclosing type per open type body
        Deque<Integer> typeDepths = new ArrayDeque<>();
        String pendingType = null;
        int depth = 0;
        for (int t = 0; t < tokens.size(); t++) {
            String token = tokens.at(t);
            if (TYPE_KEYWORDS.contains(token) && !tokens.at(t - 1).equals(".") && JavaLexer.isIdentifier(tokens.at(t + 1))
                    && (!token.equals("record") || tokens.at(t + 2).equals("(") || tokens.at(t + 2).equals("<"))) {
                pendingType = tokens.at(t + 1);
            } else if (token.equals("{")) {
                depth++;
                if (pendingType != null) {
                    typeNames.push(pendingType);
                    typeDepths.push(depth);
                    pendingType = null;
                } else if (!typeDepths.isEmpty() && typeDepths.peek() == depth - 1) {
                    int nameAt = methodName(tokens, t, typeNames.peek());
                    int close = matchingBrace(tokens, t);
                    if (nameAt >= 0 && close > t) {
                        String name = tokens.at(nameAt);
                        boolean constructor = name.equals(typeNames.peek());
                        bodies.add(new Body(file, typeNames.peek(), name, constructor,
                                constructor || exactModifier(tokens, nameAt), t, close,
                                EXECUTOR_TYPES.contains(tokens.at(nameAt - 1))));
                        t = close; // the body's tokens are not member declarations
                        depth--;
                    }
                }
            } else if (token.equals("}")) {
                if (!typeDepths.isEmpty() && typeDepths.peek() == depth) {
                    typeDepths.pop();
                    typeNames.pop();
                }
                depth--;
            } else if (token.equals(";")) {
                pendingType = pendingType != null && tokens.at(t - 1).equals(pendingType) ? null : pendingType;
            }
        }
        return bodies;
    }

    /** Whether the modifiers before the method name at {@code nameAt} hold static, private or final. */
    private static boolean exactModifier(JavaLexer.Tokens tokens, int nameAt) {
        for (int k = nameAt - 1; k >= 0; k--) {
            String token = tokens.at(k);
            if (token.equals(")")) {
                k = openerBefore(tokens, k, "(", ")");   // an annotation's arguments
            } else if (token.equals(";") || token.equals("{") || token.equals("}")) {
                return false;
            } else if (token.equals("static") || token.equals("private") || token.equals("final")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The token index of the name of the method or constructor whose body opens at {@code open}, or -1
     * for initializer blocks, lambdas, array initializers, anonymous classes and enum constant bodies.
     */
    private static int methodName(JavaLexer.Tokens tokens, int open, String typeName) {
        int k = open - 1;
        // Skip a throws clause back to the parameter list.
        int throwsAt = -1;
        for (int j = k; j >= 0 && !tokens.at(j).equals(")") && !tokens.at(j).equals(";") && !tokens.at(j).equals("}")
                && !tokens.at(j).equals("{"); j--) {
            if (tokens.at(j).equals("throws")) {
                throwsAt = j;
            }
        }
        if (throwsAt >= 0) {
            k = throwsAt - 1;
        }
        if (!tokens.at(k).equals(")")) {
            return -1;
        }
        int paren = 0;
        for (; k >= 0; k--) {
            if (tokens.at(k).equals(")")) {
                paren++;
            } else if (tokens.at(k).equals("(") && --paren == 0) {
                break;
            }
        }
        String name = tokens.at(k - 1);
        String before = tokens.at(k - 2);
        if (!JavaLexer.isIdentifier(name) || before.equals("new") || before.equals(".")) {
            return -1;
        }
        boolean typedOrModified = JavaLexer.isIdentifier(before) || before.equals(">") || before.equals("]");
        return typedOrModified || name.equals(typeName) ? k - 1 : -1;
    }

    private static int matchingBrace(JavaLexer.Tokens tokens, int open) {
        int depth = 0;
        for (int t = open; t < tokens.size(); t++) {
            if (tokens.at(t).equals("{")) {
                depth++;
            } else if (tokens.at(t).equals("}") && --depth == 0) {
                return t;
            }
        }
        return -1;
    }

    /**
     * Whether the body names a fork/join type or a task class: where pools are created and handed on
     * ({@code new Scheduler(ForkJoinPool.commonPool())}) and tasks are given their lambdas.
     */
    private static boolean namesAny(JavaLexer.Tokens tokens, Body body, Set<String> names) {
        for (int t = body.open() + 1; t < body.close(); t++) {
            if (names.contains(tokens.at(t))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the body stores what a call of one of {@code names} returns ({@code this.executor =
     * Threads.createService(..)}): the {@code =} a few tokens before the name, as a qualified call puts it.
     */
    private static boolean assignsCallOfAny(JavaLexer.Tokens tokens, Body body, Set<String> names) {
        for (int t = body.open() + 1; t < body.close(); t++) {
            if (names.contains(tokens.at(t)) && tokens.at(t + 1).equals("(")) {
                for (int back = t - 1; back > body.open() && back >= t - 5; back--) {
                    if (tokens.at(back).equals("=")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Names called in the body ({@code name(}) or referenced as methods ({@code ::name}). */
    private static Set<String> calledNames(JavaLexer.Tokens tokens, Body body) {
        Set<String> names = new HashSet<>();
        for (int t = body.open() + 1; t < body.close(); t++) {
            String token = tokens.at(t);
            if (JavaLexer.isIdentifier(token) && (tokens.at(t + 1).equals("(") || tokens.at(t - 1).equals("::"))) {
                names.add(token);
            }
        }
        return names;
    }

    /**
     * Whether the body declares a local or anonymous class, or hands a lambda, method reference or
     * anonymous class to a submission method (also through a local: {@code Runnable r = () -> ..;
     * pool.execute(r)}).
     */
    private static boolean declaresOrSubmits(JavaLexer.Tokens tokens, Body body) {
        boolean hasLambda = false;
        for (int t = body.open() + 1; t < body.close() && !hasLambda; t++) {
            hasLambda = tokens.at(t).equals("->") || tokens.at(t).equals("::");
        }
        for (int t = body.open() + 1; t < body.close(); t++) {
            String token = tokens.at(t);
            if ((TYPE_KEYWORDS.contains(token) && !tokens.at(t - 1).equals(".") && JavaLexer.isIdentifier(tokens.at(t + 1)))
                    || (callsCodeSink(tokens, t) && (hasLambda || submitsCode(tokens, t + 1)))
                    || (token.equals("{") && tokens.at(t - 1).equals(")") && isAnonymousClassBody(tokens, t))) {
                return true;
            }
        }
        return false;
    }

    /** Whether the token at {@code t} calls a method that runs code it is given: a submission, or a common-pool one. */
    private static boolean callsCodeSink(JavaLexer.Tokens tokens, int t) {
        String token = tokens.at(t);
        return (SUBMISSIONS.contains(token) || Apis.mayRunInCommonPool(token)) && tokens.at(t + 1).equals("(");
    }

    /** The classes created in the arguments of a submission or common-pool call: {@code execute(new Job(..))}. */
    private static Set<String> handedObjects(JavaLexer.Tokens tokens, Body body) {
        Set<String> names = new HashSet<>();
        for (int t = body.open() + 1; t < body.close(); t++) {
            if (callsCodeSink(tokens, t)) {
                int depth = 0;
                for (int k = t + 1; k < body.close(); k++) {
                    if (tokens.at(k).equals("(")) {
                        depth++;
                    } else if (tokens.at(k).equals(")") && --depth == 0) {
                        break;
                    } else if (tokens.at(k).equals("new") && JavaLexer.isIdentifier(tokens.at(k + 1))) {
                        names.add(tokens.at(k + 1));
                    }
                }
            }
        }
        return names;
    }

    /** Whether the argument list opening at {@code open} holds a lambda, method reference, class body or new object. */
    private static boolean submitsCode(JavaLexer.Tokens tokens, int open) {
        int depth = 0;
        for (int t = open; t < tokens.size(); t++) {
            String token = tokens.at(t);
            if (token.equals("(")) {
                depth++;
            } else if (token.equals(")") && --depth == 0) {
                return false;
            } else if (token.equals("->") || token.equals("::") || token.equals("{") || token.equals("new")) {
                return true;
            }
        }
        return false;
    }

    /** {@code new Type<..>(..) {}: the brace after the arguments of an instance creation. */
    private static boolean isAnonymousClassBody(JavaLexer.Tokens tokens, int open) {
        int k = openerBefore(tokens, open - 1, "(", ")") - 1;
        if (tokens.at(k).equals(">")) {
            k = openerBefore(tokens, k, "<", ">") - 1;
        }
        while (k >= 0 && (JavaLexer.isIdentifier(tokens.at(k)) || tokens.at(k).equals(".")) && !tokens.at(k).equals("new")) {
            k--;
        }
        return tokens.at(k).equals("new");
    }

    /** The index of the {@code opener} that matches the {@code closer} at or before {@code from}, scanning back. */
    private static int openerBefore(JavaLexer.Tokens tokens, int from, String opener, String closer) {
        int depth = 0;
        int k = from;
        for (; k >= 0; k--) {
            if (tokens.at(k).equals(closer)) {
                depth++;
            } else if (tokens.at(k).equals(opener) && --depth == 0) {
                break;
            }
        }
        return k;
    }
}
