package org.fjdoctor.eclipse.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;

/**
 * The plugin at work in a headless Eclipse workspace (core.resources and file buffers in Equinox): the
 * nature adds the builder, a full build puts the expected marker on a corpus program, its [SAFE] quick
 * fix goes through the file buffer and writes what the golden rewrite says, and the incremental build
 * after it removes the marker.
 */
class WorkspaceIT {

    static final Path CORPUS = Path.of("../corpus").toAbsolutePath().normalize();
    static final String MARKER = "org.fjdoctor.eclipse.problem";
    static final int FULL_BUILD = 6;
    static final int INCREMENTAL_BUILD = 10;
    static final int DEPTH_INFINITE = 2;

    @TempDir
    static Path work;

    static Equinox equinox;

    @BeforeAll
    static void launch() throws Exception {
        equinox = new Equinox(work.resolve("osgi"));
        assertTrue(equinox.resolveAll());
        equinox.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (equinox != null) {
            equinox.close();
        }
    }

    @Test
    void builderMarksAndTheQuickFixRemovesTheFinding() throws Exception {
        Path project = work.resolve("fieldpoolinvoke");
        Files.createDirectories(project);
        Path source = project.resolve("SquareSums.java");
        Files.copy(CORPUS.resolve("src/main/java/corpus/centralizedpooling/positive/fieldpoolinvoke/SquareSums.java"), source);
        String golden = Files.readString(CORPUS.resolve("golden/centralizedpooling/fieldpoolinvoke/SquareSums.java.after"),
                StandardCharsets.UTF_8);

        Workspace workspace = new Workspace(equinox);
        Object iproject = workspace.createProject("fieldpoolinvoke", project);
        Bundle plugin = equinox.plugin;
        Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.builder.FjdoctorNature"), null, "toggle", iproject, null);
        workspace.build(iproject, FULL_BUILD);

        Object[] markers = workspace.markers(iproject);
        assertEquals(1, markers.length);
        Map<?, ?> attributes = workspace.attributes(markers[0]);
        assertEquals("centralized-pooling", attributes.get("fjdoctor.ruleId"));
        assertEquals(36, attributes.get("lineNumber"));
        assertEquals("SquareSums.java", workspace.resourceName(markers[0]));
        assertEquals(1, attributes.get("severity"));

        Class<?> markerAttributes = Reflect.type(plugin, "org.fjdoctor.eclipse.engine.MarkerAttributes");
        Class<?> quickFix = Reflect.type(plugin, "org.fjdoctor.eclipse.engine.QuickFix");
        // The pool is a field, not getPool(): invoking the task directly is offered for review, and Ctrl+1 offers it
        Object review = ((List<?>) Reflect.call(markerAttributes, null, "fixes", attributes)).stream()
                .filter(f -> ((String) Reflect.call(quickFix, f, "label")).startsWith("[REVIEW] Invoke the task directly"))
                .findFirst().orElseThrow();
        Object applied = Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.workspace.BufferEdits"), null, "apply", review, null);
        // No editor holds the file, so the buffer was saved.
        assertEquals(Boolean.TRUE, Reflect.call(applied.getClass(), applied, "saved"));
        assertEquals(golden, Files.readString(source, StandardCharsets.UTF_8));

        workspace.build(iproject, INCREMENTAL_BUILD);
        assertEquals(0, workspace.markers(iproject).length);
        assertNotEquals(golden, Files.readString(CORPUS.resolve(
                "src/main/java/corpus/centralizedpooling/positive/fieldpoolinvoke/SquareSums.java"), StandardCharsets.UTF_8));
    }

    /**
     * The builder keeps the project's model across builds: an edit outside the analysed scope neither builds
     * it again nor touches a marker, an edit that adds a finding adds its marker and leaves the others be, and
     * closing the project lets go of the model.
     */
    @Test
    void incrementalBuildsRunOnTheKeptModel() throws Exception {
        Path project = work.resolve("warm");
        Files.createDirectories(project);
        Files.copy(CORPUS.resolve("src/main/java/corpus/copyonfork/positive/arraysum/ArraySum.java"), project.resolve("ArraySum.java"));
        // Plain classes beside the task: with most files outside the scope, the analysis models only the task's.
        for (int i = 1; i < 4; i++) {
            Files.writeString(project.resolve("Note" + i + ".java"), "class Note" + i + " { String text() { return \"a\"; } }\n");
        }
        Path notes = Files.writeString(project.resolve("Notes.java"), "class Notes { String text() { return \"a\"; } }\n");
        Workspace workspace = new Workspace(equinox);
        Object iproject = workspace.createProject("warm", project);
        Bundle plugin = equinox.plugin;
        Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.builder.FjdoctorNature"), null, "toggle", iproject, null);
        workspace.build(iproject, FULL_BUILD);
        Object[] before = workspace.markers(iproject);
        assertEquals(List.of("29 copy-on-fork 1", "30 copy-on-fork 1"), summary(workspace, iproject));

        Files.writeString(notes, "class Notes { String text() { return \"b\"; } }\n");
        workspace.refresh(iproject);
        workspace.build(iproject, INCREMENTAL_BUILD);
        assertEquals(0, rebuilds(plugin, iproject));
        assertEquals(ids(workspace, before), ids(workspace, workspace.markers(iproject)));

        Files.writeString(notes, """
                class Notes extends java.util.concurrent.RecursiveAction {
                    @Override protected void compute() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                    static Notes make() { return new Notes(); }
                }
                """);
        workspace.refresh(iproject);
        workspace.build(iproject, INCREMENTAL_BUILD);
        assertEquals(1, rebuilds(plugin, iproject));
        assertEquals(List.of("29 copy-on-fork 1", "3 sleepy-worker 1", "30 copy-on-fork 1"), summary(workspace, iproject));
        assertTrue(ids(workspace, workspace.markers(iproject)).containsAll(ids(workspace, before)));

        workspace.close(iproject);
        assertEquals(null, Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.workspace.ProjectEngines"), null,
                "get", iproject));
    }

    /** A Java project's source folders, libraries and source level are what Eclipse's JDT resolves. */
    @Test
    void aJavaProjectsBuildPathComesFromJdt() throws Exception {
        Path project = work.resolve("javaproject");
        Path sources = Files.createDirectories(project.resolve("src/main/java"));
        Files.createDirectories(project.resolve("scratch"));
        Files.createDirectories(project.resolve("lib"));
        Path library = Files.write(project.resolve("lib/dep.jar"), new byte[0]);
        Files.writeString(project.resolve(".classpath"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <classpath>
                  <classpathentry kind="src" path="src/main/java"/>
                  <classpathentry kind="con" path="org.eclipse.jdt.launching.JRE_CONTAINER"/>
                  <classpathentry kind="lib" path="lib/dep.jar"/>
                  <classpathentry kind="output" path="bin"/>
                </classpath>
                """);
        Files.createDirectories(project.resolve(".settings"));
        Files.writeString(project.resolve(".settings/org.eclipse.jdt.core.prefs"), """
                eclipse.preferences.version=1
                org.eclipse.jdt.core.compiler.compliance=11
                org.eclipse.jdt.core.compiler.source=11
                """);
        Workspace workspace = new Workspace(equinox);
        Object iproject = workspace.createProject("javaproject", project);
        workspace.addNature(iproject, "org.eclipse.jdt.core.javanature");

        Bundle plugin = equinox.plugin;
        Class<?> buildPathType = Reflect.type(plugin, "org.fjdoctor.eclipse.workspace.JavaBuildPath");
        Object buildPath = Reflect.call(buildPathType, null, "of", iproject, project);
        assertEquals(List.of(sources), Reflect.call(buildPathType, buildPath, "sourceFolders"));
        assertEquals(List.of(library), Reflect.call(buildPathType, buildPath, "classpath"));
        Object level = Reflect.call(buildPathType, buildPath, "level");
        assertEquals(11, Reflect.call(level.getClass(), level, "feature"));
    }

    private static int rebuilds(Bundle plugin, Object project) {
        Object scan = Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.workspace.ProjectEngines"), null, "get", project);
        return (Integer) Reflect.call(Reflect.type(plugin, "org.fjdoctor.eclipse.engine.WarmScan"), scan, "rebuilds");
    }

    private static List<Long> ids(Workspace workspace, Object[] markers) {
        return Arrays.stream(markers).map(workspace::id).sorted().toList();
    }

    /** "Analyze with fjdoctor" runs this job; it reads the preference page's settings from the instance scope. */
    @Test
    void theAnalyzeJobFollowsThePreferences() throws Exception {
        Path project = work.resolve("arraysum");
        Files.createDirectories(project);
        Files.copy(CORPUS.resolve("src/main/java/corpus/copyonfork/positive/arraysum/ArraySum.java"), project.resolve("ArraySum.java"));
        Workspace workspace = new Workspace(equinox);
        Object iproject = workspace.createProject("arraysum", project);
        Bundle plugin = equinox.plugin;
        Object preferences = preferences(plugin);
        Class<?> preferencesType = Reflect.type(plugin, "org.osgi.service.prefs.Preferences");
        try {
            analyze(plugin, iproject);
            assertEquals(List.of("29 copy-on-fork 1", "30 copy-on-fork 1"), summary(workspace, iproject));

            Reflect.call(preferencesType, preferences, "putInt", "severity.warning", 2);
            analyze(plugin, iproject);
            assertEquals(List.of("29 copy-on-fork 2", "30 copy-on-fork 2"), summary(workspace, iproject));

            Reflect.call(preferencesType, preferences, "putBoolean", "rule.copy-on-fork.enabled", false);
            analyze(plugin, iproject);
            assertEquals(List.of(), summary(workspace, iproject));
        } finally {
            Reflect.call(preferencesType, preferences, "clear");
        }
    }

    /** The project's .fjdoctor.yml sets the severities (the preferences map them); a mistake in it is a marker on its line. */
    @Test
    void theProjectsSettingsFileApplies() throws Exception {
        Path project = work.resolve("configured");
        Files.createDirectories(project);
        Files.copy(CORPUS.resolve("src/main/java/corpus/copyonfork/positive/arraysum/ArraySum.java"), project.resolve("ArraySum.java"));
        Path settings = Files.writeString(project.resolve(".fjdoctor.yml"), "rules:\n  copy-on-fork: error\n");
        Workspace workspace = new Workspace(equinox);
        Object iproject = workspace.createProject("configured", project);
        Bundle plugin = equinox.plugin;

        analyze(plugin, iproject);
        assertEquals(List.of("29 copy-on-fork 2", "30 copy-on-fork 2"), summary(workspace, iproject));

        Files.writeString(settings, "rules:\n  copy-on-fork: error\ndepth: -2\n");
        analyze(plugin, iproject);
        Object[] markers = workspace.markers(iproject);
        assertEquals(1, markers.length);
        assertEquals(".fjdoctor.yml", workspace.resourceName(markers[0]));
        Map<?, ?> attributes = workspace.attributes(markers[0]);
        assertEquals(3, attributes.get("lineNumber"));
        assertEquals(2, attributes.get("severity"));
        assertEquals("fjdoctor settings: depth: 'depth' must be 0 or more, not -2", attributes.get("message"));
    }

    private static Object preferences(Bundle plugin) throws ReflectiveOperationException {
        Class<?> instanceScope = Reflect.type(plugin, "org.eclipse.core.runtime.preferences.InstanceScope");
        Object scope = instanceScope.getField("INSTANCE").get(null);
        return Reflect.call(Reflect.type(plugin, "org.eclipse.core.runtime.preferences.IScopeContext"), scope,
                "getNode", "org.fjdoctor.eclipse");
    }

    private static void analyze(Bundle plugin, Object project) throws ReflectiveOperationException {
        Class<?> jobType = Reflect.type(plugin, "org.eclipse.core.runtime.jobs.Job");
        Object job = Reflect.type(plugin, "org.fjdoctor.eclipse.workspace.AnalysisJob")
                .getConstructor(Reflect.type(plugin, "org.eclipse.core.resources.IProject")).newInstance(project);
        Reflect.call(jobType, job, "schedule");
        Reflect.call(jobType, job, "join");
        Object status = Reflect.call(jobType, job, "getResult");
        assertEquals(Boolean.TRUE, Reflect.call(Reflect.type(plugin, "org.eclipse.core.runtime.IStatus"), status, "isOK"),
                status.toString());
    }

    private static List<String> summary(Workspace workspace, Object project) {
        return Arrays.stream(workspace.markers(project)).map(workspace::attributes)
                .map(a -> a.get("lineNumber") + " " + a.get("fjdoctor.ruleId") + " " + a.get("severity"))
                .sorted().toList();
    }
}
