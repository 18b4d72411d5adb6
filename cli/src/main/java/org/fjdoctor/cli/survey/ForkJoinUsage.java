package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How a tree uses fork/join, counted lexically over its {@code .java} files with comments removed (no
 * model: it must be cheap and must not fail where the scan does). Counts are occurrences in the text:
 * classes extending a task type, pool creations and common-pool uses, parallel streams, {@code *Async(}
 * calls, and which fork/join frameworks the code names.
 *
 * @param files           .java files read
 * @param lines           their lines
 * @param taskClasses     {@code extends RecursiveTask|RecursiveAction|CountedCompleter|ForkJoinTask}
 * @param pools           {@code new ForkJoinPool} and {@code ForkJoinPool.commonPool()}
 * @param parallelStreams {@code .parallelStream()} and {@code .parallel()}
 * @param asyncCalls      calls of methods whose name ends in {@code Async}
 * @param frameworks      frameworks named in the code, by {@link #FRAMEWORKS} label, sorted
 */
public record ForkJoinUsage(long files, long lines, long taskClasses, long pools, long parallelStreams,
                            long asyncCalls, List<String> frameworks) {

    /** Framework labels and the package prefixes that show each (the frameworks docs/PATTERNS.md names). */
    static final Map<String, Pattern> FRAMEWORKS = Map.of(
            "java.util.concurrent", Pattern.compile("java\\.util\\.concurrent\\.(ForkJoin|RecursiveTask|RecursiveAction"
                    + "|CountedCompleter)"),
            "jsr166y", Pattern.compile("\\b(jsr166y|jsr166e|extra166y)\\."),
            "scala.concurrent.forkjoin", Pattern.compile("scala\\.concurrent\\.forkjoin\\."),
            "akka.dispatch.forkjoin", Pattern.compile("akka\\.dispatch\\.forkjoin\\."),
            "java8.util.concurrent", Pattern.compile("java8\\.util\\.concurrent\\."),
            "CompletableFuture", Pattern.compile("\\bCompletableFuture\\b"),
            "parallel streams", Pattern.compile("\\.parallel(Stream)?\\(\\)"));

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern TASK = Pattern.compile("\\bextends\\s+(?:[\\w.]+\\.)?(RecursiveTask|RecursiveAction"
            + "|CountedCompleter|ForkJoinTask)\\b");
    private static final Pattern POOL = Pattern.compile("\\bnew\\s+(?:[\\w.]+\\.)?ForkJoinPool\\b|\\bForkJoinPool\\s*\\.\\s*commonPool\\s*\\(");
    private static final Pattern PARALLEL = Pattern.compile("\\.\\s*parallel(Stream)?\\s*\\(\\s*\\)");
    private static final Pattern ASYNC = Pattern.compile("\\.\\s*\\w+Async\\s*\\(|\\bCompletableFuture\\s*\\.\\s*\\w+Async\\s*\\(");
    private static final Pattern SKIPPED_DIR = Pattern.compile("\\.git|\\.fjdoctor");

    public static ForkJoinUsage of(Path tree) throws IOException {
        long files = 0;
        long lines = 0;
        long tasks = 0;
        long pools = 0;
        long parallel = 0;
        long async = 0;
        TreeSet<String> frameworks = new TreeSet<>();
        for (Path file : javaFiles(tree)) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
            files++;
            lines += text.lines().count();
            String code = COMMENT.matcher(text).replaceAll(" ");
            tasks += count(TASK, code);
            pools += count(POOL, code);
            parallel += count(PARALLEL, code);
            async += count(ASYNC, code);
            FRAMEWORKS.forEach((label, pattern) -> {
                if (pattern.matcher(code).find()) {
                    frameworks.add(label);
                }
            });
        }
        return new ForkJoinUsage(files, lines, tasks, pools, parallel, async, List.copyOf(frameworks));
    }

    /** Whether the tree uses fork/join tasks or pools (what the 2014 census counted as a fork/join project). */
    public boolean usesForkJoin() {
        return taskClasses > 0 || pools > 0;
    }

    private static List<Path> javaFiles(Path tree) throws IOException {
        try (Stream<Path> walk = Files.walk(tree)) {
            return walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
                    .filter(p -> !inSkippedDirectory(tree.relativize(p)))
                    .sorted()
                    .toList();
        }
    }

    private static boolean inSkippedDirectory(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIR.matcher(part.toString()).matches()) {
                return true;
            }
        }
        return false;
    }

    private static long count(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
