package org.fjdoctor.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.zip.ZipFile;

import org.fjdoctor.analyzer.Rules;
import org.junit.jupiter.api.Test;

/**
 * Every fjdoctor module on the CLI's class path has an acyclic package graph: an API package sits below
 * the engine, and no sub-package reaches back up into the package that uses it. The graph is taken from
 * the compiled classes by the JDK's own {@code jdeps}, so it sees every reference, not only imports.
 */
class PackageCyclesTest {

    private static final Pattern EDGE = Pattern.compile("^\\s+(org\\.fjdoctor\\.\\S+)\\s+->\\s+(org\\.fjdoctor\\.\\S+)");

    @Test
    void noModuleHasAPackageCycle() throws IOException {
        List<Path> modules = fjdoctorModules();
        assertFalse(modules.size() < 4, "expected analyzer, refactorings, reports and cli on the class path: " + modules);
        Map<String, List<List<String>>> cycles = new TreeMap<>();
        for (Path module : modules) {
            List<List<String>> found = PackageGraph.cycles(packageEdges(module));
            if (!found.isEmpty()) {
                cycles.put(module.toString(), found);
            }
        }
        assertEquals(Map.of(), cycles, "package cycles, per module");
    }

    /**
     * No rule's code uses another rule: what two rules both judge (where code runs, whether a wait holds a worker)
     * lives in the model, below every rule, so that a rule can change without moving the other one's findings.
     */
    @Test
    void noRuleUsesAnotherRule() throws IOException {
        Set<String> rules = new TreeSet<>();
        Rules.all().forEach(rule -> rules.add(rule.getClass().getName()));
        List<String> uses = new ArrayList<>();
        for (Path module : fjdoctorModules()) {
            edges(module, "-verbose:class").forEach((from, to) -> to.stream()
                    .filter(used -> rules.contains(used) && from.startsWith(RULES) && !packageOf(from).equals(packageOf(used)))
                    .forEach(used -> uses.add(from + " -> " + used)));
        }
        assertEquals(List.of(), uses, "rule code that uses another rule");
    }

    private static final String RULES = "org.fjdoctor.analyzer.rules.";

    private static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }

    @Test
    void theCycleFinderSeesACycle() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("a.b"), "a.b", Set.of("a.c"), "a.c", Set.of("a"), "d", Set.of("a"));
        assertEquals(List.of(List.of("a", "a.b", "a.c")), PackageGraph.cycles(graph));
    }

    private static Map<String, Set<String>> packageEdges(Path module) {
        return edges(module, "-verbose:package");
    }

    /** What uses what in {@code module}, by package or by class ({@code verbose}), among fjdoctor's own. */
    private static Map<String, Set<String>> edges(Path module, String verbose) {
        StringWriter out = new StringWriter();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(out), verbose, "-e", "org\\.fjdoctor\\..*",
                module.toString());
        assertEquals(0, rc, out.toString());
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find() && !edge.group(1).equals(edge.group(2))) {
                edges.computeIfAbsent(edge.group(1), k -> new TreeSet<>()).add(edge.group(2));
            }
        }
        return edges;
    }

    /** Class path entries (directories or jars) that hold fjdoctor's own classes, this module's included. */
    private static List<Path> fjdoctorModules() throws IOException {
        List<Path> modules = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path) ? Files.isDirectory(path.resolve("org/fjdoctor")) && !path.endsWith("test-classes")
                    : Files.isRegularFile(path) && entry.endsWith(".jar") && holdsFjdoctorClasses(path)) {
                modules.add(path);
            }
        }
        return modules;
    }

    private static boolean holdsFjdoctorClasses(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().anyMatch(e -> e.getName().startsWith("org/fjdoctor/") && e.getName().endsWith(".class"));
        }
    }
}
