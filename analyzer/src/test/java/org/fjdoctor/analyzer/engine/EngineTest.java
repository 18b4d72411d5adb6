package org.fjdoctor.analyzer.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.TestTrees;
import org.fjdoctor.analyzer.engine.Engine.Change;
import org.fjdoctor.analyzer.engine.Engine.Outcome;
import org.fjdoctor.analyzer.source.SourceSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * After every update the warm engine's findings and problems equal a cold scan's of the same texts,
 * through edits that add and remove findings in other files along the call graph; edits that cannot
 * matter keep the model.
 */
class EngineTest {

    @TempDir
    Path root;

    @Test
    void findingsAfterEachEditEqualAColdScan() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            assertSameAsCold(engine);
            assertEquals(List.of("app/Throttle.java sleepy-worker"), describe(engine.findings()));

            // A report's body gains a local: it neither enters the scope nor changes what the scope reads.
            Outcome update = edit(engine, "app/report/Report0.java", """
                    package app.report;
                    class Report0 { synchronized String line(Object o) { String text = String.valueOf(o); return text; } }
                    """);
            assertEquals(Outcome.KEPT_MODEL, update);
            assertSameAsCold(engine);

            // The call chain loses its last hop: the finding two files away goes; the edit is inside a body.
            update = edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { } }
                    """);
            assertEquals(Outcome.REPLACED_UNIT, update);
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // A report becomes a task that calls the throttle: the finding comes back, in Throttle.java.
            update = edit(engine, "app/report/Report1.java", """
                    package app.report;
                    class Report1 extends java.util.concurrent.RecursiveAction {
                        @Override protected void compute() { app.Throttle.pause(); }
                    }
                    """);
            assertEquals(Outcome.REBUILT, update);
            assertSameAsCold(engine);
            assertEquals(List.of("app/Throttle.java sleepy-worker"), describe(engine.findings()));

            // An outside file that starts naming a method the model holds may be searched: rebuilt, same result.
            update = edit(engine, "app/report/Report2.java", """
                    package app.report;
                    class Report2 { String line(Object o) { app.Links.follow(1); return ""; } }
                    """);
            assertEquals(Outcome.REBUILT, update);
            assertSameAsCold(engine);
        }
    }

    /**
     * Edits inside the bodies of model files replace one unit each and add and remove findings in other files
     * along the call graph; an edit that needs a file the model lacks, or that changes what the seed reads,
     * builds the model again. After every one the findings equal a cold scan's.
     */
    @Test
    void bodyEditsReplaceOneUnitAndEqualAColdScan() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            List<String> throttled = List.of("app/Throttle.java sleepy-worker");
            assertEquals(throttled, describe(engine.findings()));

            // The last hop goes: the finding two files away goes with it.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { int next = page + 1; } }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // It comes back, in the other file, when the call does.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { if (page > 0) { Throttle.pause(); } } }
                    """));
            assertSameAsCold(engine);
            assertEquals(throttled, describe(engine.findings()));

            // The sleeping body itself changes: the finding in the edited file goes.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Throttle.java", """
                    package app;
                    public class Throttle {
                        public static void pause() {
                            Thread.onSpinWait();
                        }
                    }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // A call into a class the model left out needs that file: built again.
            assertEquals(Outcome.REBUILT, edit(engine, "app/Pages.java", """
                    package app;
                    class Pages { static void visit(int page) { new Pause().now(); Links.follow(page); } }
                    """ + "class Pause { void now() { try { Thread.sleep(1); } catch (InterruptedException e) { } } }"));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Pages.java sleepy-worker"), describe(engine.findings()));

            // A signature changes: built again.
            assertEquals(Outcome.REBUILT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(long page) { Throttle.pause(); } }
                    """));
            assertSameAsCold(engine);

            // The task itself starts calling another class by name: the seed's named types may change, built again.
            assertEquals(Outcome.REBUILT, edit(engine, "app/Crawl.java", """
                    package app;
                    import java.util.concurrent.RecursiveAction;
                    class Crawl extends RecursiveAction {
                        @Override protected void compute() { Links.follow(1); }
                    }
                    """));
            assertSameAsCold(engine);
        }
    }

    /**
     * Where most files take part the whole tree is modelled as written; an edit inside one file's bodies
     * still replaces that unit alone, adding and removing findings in other files, and a changed declaration
     * builds again. After every one the findings equal a cold scan's.
     */
    @Test
    void bodyEditsOfAWholeTreeModelReplaceOneUnit() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        for (int i = 0; i < 6; i++) {
            Files.delete(root.resolve("app/report/Report" + i + ".java"));
        }
        List<String> phases = new ArrayList<>();
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults()
                .withProgress(phases::add))) {
            assertTrue(phases.stream().anyMatch(phase -> phase.startsWith("building the model of all ")), phases::toString);
            List<String> throttled = List.of("app/Throttle.java sleepy-worker");
            assertEquals(throttled, describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { int next = page + 1; } }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // A second edit of the same file replaces the unit the first one made: the finding comes back.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { if (page > 0) { Throttle.pause(); } } }
                    """));
            assertSameAsCold(engine);
            assertEquals(throttled, describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Throttle.java", """
                    package app;
                    public class Throttle {
                        public static void pause() {
                            Thread.onSpinWait();
                        }
                    }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // A declaration changes: built again.
            assertEquals(Outcome.REBUILT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(long page) { Throttle.pause(); } }
                    """));
            assertSameAsCold(engine);
        }
    }

    /**
     * The next model after a body edit keeps the calls the last one resolved outside the edited unit
     * ({@code ResolvedCalls}), except where the edit changes what they read: a final field's allocation in
     * Holder.java decides where a call in Crawl.java goes, and a class created in Factory.java decides which
     * overrides a call in Crawl.java reaches. Each edit adds or removes a finding in a third file through the
     * call graph; after every one the findings equal a cold scan's.
     */
    @Test
    void callsResolvedBeforeABodyEditFollowWhatTheEditChanges() throws IOException {
        writeSinksAndBases();
        List<String> phases = new ArrayList<>();
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults()
                .withProgress(phases::add))) {
            assertTrue(phases.stream().anyMatch(phase -> phase.startsWith("building the model of all ")), phases::toString);
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // The field the task calls through now holds the sleeping sink: the call in Crawl.java goes there.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Holder.java", holder("Sleepy")));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Sleepy.java sleepy-worker"), describe(engine.findings()));

            // And back: the finding goes.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Holder.java", holder("Quiet")));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            // The factory starts creating the slow subclass: the base's call in Crawl.java now reaches its override.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Factory.java", factory("new Slow()")));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Slow.java sleepy-worker"), describe(engine.findings()));

            // An edit elsewhere keeps what Crawl.java's calls resolved to, and the finding.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Quiet.java", """
                    package app;
                    class Quiet implements Sink { public void handle() { int calm = 1; } }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Slow.java sleepy-worker"), describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Factory.java", factory("new Base()")));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));
        }
    }

    /**
     * A call whose receiver is traced back through a local to a final field of another file (two classes stored, so
     * no one allocation narrows it) reads no call path: its answer is kept between the model's walks, but the trace
     * read Holder.java's stores, which are not among the answer's files, so a body edit drops it.
     */
    @Test
    void aReceiverTracedThroughAnotherFilesStoresFollowsItsEdit() throws IOException {
        TestTrees.write(root, "app/Crawl.java", """
                package app;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    final Holder holder = new Holder(true);
                    @Override protected void compute() {
                        Sink sink = holder.sink;
                        sink.handle();
                    }
                }
                """);
        TestTrees.write(root, "app/Sink.java", "package app;\ninterface Sink { void handle(); }\n");
        TestTrees.write(root, "app/Quiet.java", "package app;\nclass Quiet implements Sink { public void handle() { } }\n");
        TestTrees.write(root, "app/Calm.java", "package app;\nclass Calm implements Sink { public void handle() { } }\n");
        TestTrees.write(root, "app/Sleepy.java", """
                package app;
                class Sleepy implements Sink {
                    public void handle() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        TestTrees.write(root, "app/Sinks.java", """
                package app;
                class Sinks { static Sink[] all() { return new Sink[] { new Quiet(), new Calm(), new Sleepy() }; } }
                """);
        TestTrees.write(root, "app/Holder.java", choosingHolder("Calm"));
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Holder.java", choosingHolder("Sleepy")));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Sleepy.java sleepy-worker"), describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Holder.java", choosingHolder("Calm")));
            assertSameAsCold(engine);
            assertEquals(List.of(), describe(engine.findings()));
        }
    }

    private static String choosingHolder(String other) {
        return "package app;\nclass Holder {\n    final Sink sink;\n    Holder(boolean calm) { sink = calm ? new Quiet() : new "
                + other + "(); }\n}\n";
    }

    /** A task that calls through a final field of Holder.java and a base class Factory.java creates. */
    private void writeSinksAndBases() {
        TestTrees.write(root, "app/Crawl.java", """
                package app;
                import java.util.concurrent.RecursiveAction;
                class Crawl extends RecursiveAction {
                    final Holder holder = new Holder();
                    @Override protected void compute() {
                        holder.sink.handle();
                        Base base = Factory.make();
                        base.run();
                    }
                }
                """);
        TestTrees.write(root, "app/Sink.java", "package app;\ninterface Sink { void handle(); }\n");
        TestTrees.write(root, "app/Quiet.java", "package app;\nclass Quiet implements Sink { public void handle() { } }\n");
        TestTrees.write(root, "app/Sleepy.java", """
                package app;
                class Sleepy implements Sink {
                    public void handle() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        TestTrees.write(root, "app/Sinks.java", """
                package app;
                class Sinks { static Sink[] all() { return new Sink[] { new Quiet(), new Sleepy() }; } }
                """);
        TestTrees.write(root, "app/Holder.java", holder("Quiet"));
        TestTrees.write(root, "app/Base.java", "package app;\nclass Base { void run() { } }\n");
        TestTrees.write(root, "app/Slow.java", """
                package app;
                class Slow extends Base {
                    @Override void run() {
                        try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                    }
                }
                """);
        TestTrees.write(root, "app/Factory.java", factory("new Base()"));
    }

    private static String holder(String sink) {
        return "package app;\nclass Holder {\n    final Sink sink;\n    Holder() { sink = new " + sink + "(); }\n}\n";
    }

    private static String factory(String made) {
        return "package app;\nclass Factory {\n    static Base make() { return " + made + "; }\n}\n";
    }

    /**
     * A file that does not parse joins the scope when task code calls into it: a body edit elsewhere keeps
     * the unit model while the call stays, and builds again when the call goes (a cold scan then leaves the
     * file out and reports nothing for it).
     */
    @Test
    void aFileThatDoesNotParseStaysInTheScopeOnlyWhileTaskCodeNeedsIt() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        TestTrees.write(root, "app/Links.java", """
                package app;
                class Links { static void follow(int page) { Throttle.pause() } }
                """);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            assertEquals(List.of("app/Links.java"), engine.analysis().result().problems().stream()
                    .map(p -> p.relativePath().substring(root.toString().length() + 1)).toList());
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Pages.java", """
                    package app;
                    class Pages { static void visit(int page) { int next = page + 1; Links.follow(next); } }
                    """));
            assertSameAsCold(engine);
            assertEquals(Outcome.REBUILT, edit(engine, "app/Pages.java", """
                    package app;
                    class Pages { static void visit(int page) { int next = page + 1; } }
                    """));
            assertSameAsCold(engine);
            assertEquals(List.of(), engine.analysis().result().problems());
        }
    }

    /**
     * Names an outside file may start using, each a way into the scope or none: the model is kept only for
     * those that cannot matter, and the findings equal a cold scan's after every one.
     */
    @Test
    void everyKeptModelMatchesAColdScanWhateverNameAnOutsideFileStartsUsing() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        List<String> uses = List.of("Object text = o;", "line(o);", "int page = 1;", "Object t = new Object();",
                "app.Throttle.pause();", "app.Links.follow(1);", "java.util.concurrent.ForkJoinPool p = null;",
                "java.util.List.of(o).parallelStream().count();", "Report5 r = null;", "Thread.sleep(1);",
                "visit(1);");
        List<Outcome> outcomes = new ArrayList<>();
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            for (String use : uses) {
                outcomes.add(edit(engine, "app/report/Report0.java", """
                        package app.report;
                        class Report0 {
                            synchronized String line(Object o) throws Exception { %s return String.valueOf(o); }
                        }
                        """.formatted(use)));
                assertSameAsCold(engine);
            }
        }
        assertEquals(List.of(Outcome.KEPT_MODEL, Outcome.KEPT_MODEL, Outcome.REBUILT, Outcome.REBUILT,
                Outcome.REBUILT, Outcome.REBUILT, Outcome.REBUILT, Outcome.REBUILT, Outcome.REBUILT, Outcome.REBUILT,
                Outcome.REBUILT), outcomes, uses.toString());
    }

    /**
     * A second variant of a type gets a model of its own: its scope counts as much as the main model's, and an
     * edit inside the bodies of a file it holds replaces the file's unit in each model that holds it.
     */
    @Test
    void anEditOfAVariantModelsFileIsAnalysedAgain() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        String variant = Files.readString(root.resolve("app/Throttle.java")).replace("sleep(1)", "sleep(2)");
        TestTrees.write(root, "variant/app/Throttle.java", variant);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            assertEquals(List.of("app/Throttle.java sleepy-worker", "variant/app/Throttle.java sleepy-worker"),
                    describe(engine.findings()));

            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "variant/app/Throttle.java", "// one line down\n" + variant));
            assertSameAsCold(engine);
            assertEquals(Outcome.KEPT_MODEL, edit(engine, "app/report/Report0.java", """
                    package app.report;
                    class Report0 { synchronized String line(Object o) { String text = String.valueOf(o); return text; } }
                    """));
            assertSameAsCold(engine);

            // The main model's twin changes inside a body: only its unit is replaced, the variant's finding stays.
            String twin = Files.readString(root.resolve("app/Throttle.java"));
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Throttle.java", twin.replace("sleep(1)", "sleep(3)")));
            assertSameAsCold(engine);
            assertEquals(List.of("app/Throttle.java sleepy-worker", "variant/app/Throttle.java sleepy-worker"),
                    describe(engine.findings()));

            // A file both models hold: its unit is replaced in both.
            assertEquals(Outcome.REPLACED_UNIT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { int next = page + 1; Throttle.pause(); } }
                    """));
            assertSameAsCold(engine);

            // The call goes: no type reached any more is the main one's twin, so the variants are chosen again.
            assertEquals(Outcome.REBUILT, edit(engine, "app/Links.java", """
                    package app;
                    class Links { static void follow(int page) { int next = page + 1; } }
                    """));
            assertSameAsCold(engine);
        }
    }

    @Test
    void unsavedBuffersStandInForTheDiskUntilTheDiskIsAskedFor() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            Path throttle = root.resolve("app/Throttle.java");
            String saved = Files.readString(throttle);
            String unsaved = saved.replace("Thread.sleep(1);", "Thread.onSpinWait();");
            assertEquals(Outcome.REPLACED_UNIT, engine.update(List.of(Change.edited(throttle, unsaved))).outcome());
            assertEquals(List.of(), describe(engine.findings()), "the buffer, not the disk, is analysed");
            assertEquals(saved, Files.readString(throttle));

            assertEquals(Outcome.REPLACED_UNIT, engine.update(List.of(Change.onDisk(throttle))).outcome());
            assertSameAsCold(engine);
            assertEquals(List.of("app/Throttle.java sleepy-worker"), describe(engine.findings()));
            assertEquals(Outcome.UNCHANGED, engine.update(List.of(Change.onDisk(throttle))).outcome());
        }
    }

    /**
     * A save reads again the files it names and those whose modification time or size moved; every other
     * file's text is the one read before. A named file is read even when its stamp stayed (a save within the
     * clock's resolution that keeps the length).
     */
    @Test
    void aSaveReadsOnlyTheNamedFilesAndThoseWhoseStampMoved() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            Path report = root.resolve("app/report/Report0.java");
            String readBefore = Files.readString(report);
            String unnamed = rewriteKeepingStamp(report, readBefore.replace("line", "lime"));
            Path throttle = root.resolve("app/Throttle.java");
            String named = rewriteKeepingStamp(throttle, Files.readString(throttle).replace("sleep(1)", "sleep(2)"));

            Engine.Update update = engine.update(List.of(Change.onDisk(throttle)));
            assertEquals(List.of(throttle), update.changed());
            assertEquals(named, textOf(engine, throttle));
            assertEquals(readBefore, textOf(engine, report), "a file whose stamp stayed is not read again");

            Path links = TestTrees.write(root, "app/Links.java",
                    "// a line longer\n" + Files.readString(root.resolve("app/Links.java")));
            String moved = Files.readString(links);
            update = engine.update(List.of(Change.onDisk(report)));
            assertEquals(List.of(links, report), update.changed());
            assertEquals(unnamed, textOf(engine, report));
            assertEquals(moved, textOf(engine, links), "a file whose size moved is read again");
            assertSameAsCold(engine);
        }
    }

    @Test
    void filesCreatedAndDeletedOnDiskAreTakenIn() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        try (Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults())) {
            Path created = TestTrees.write(root, "app/Idle.java", """
                    package app;
                    class Idle extends java.util.concurrent.RecursiveAction {
                        @Override protected void compute() {
                            try { Thread.sleep(5); } catch (InterruptedException e) { }
                        }
                    }
                    """);
            Path deleted = root.resolve("app/report/Report3.java");
            Files.delete(deleted);
            Engine.Update update = engine.update(List.of(Change.onDisk(created), Change.onDisk(deleted)));
            assertEquals(Outcome.REBUILT, update.outcome());
            assertEquals(List.of(created, deleted).stream().sorted().toList(), update.changed());
            assertSameAsCold(engine);
            assertEquals(List.of("app/Idle.java sleepy-worker", "app/Throttle.java sleepy-worker"),
                    describe(engine.findings()));
        }
    }

    @Test
    void changesOfFilesOutsideTheSourceSetAreIgnored() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root.resolve("src"));
        try (Engine engine = Engine.open(SourceSet.of(List.of(root.resolve("src"))), Analyzer.Options.defaults())) {
            Engine.Update update = engine.update(List.of(
                    Change.edited(root.resolve("other/Idle.java"), "class Idle extends java.util.concurrent.RecursiveAction {"
                            + " protected void compute() { try { Thread.sleep(5); } catch (InterruptedException e) { } } }"),
                    Change.edited(root.resolve("src/.fjdoctor.yml"), "rules: {sleepy-worker: off}\n")));
            assertEquals(Outcome.UNCHANGED, update.outcome());
            assertEquals(List.of(), update.changed());
            assertEquals(1, engine.findings().size());
        }
    }

    @Test
    void aClosedEngineRefusesWork() throws IOException {
        TestTrees.writeCrawlerAndSixReports(root);
        Engine engine = Engine.open(SourceSet.of(List.of(root)), Analyzer.Options.defaults());
        engine.close();
        assertThrows(IllegalStateException.class, engine::findings);
    }

    /** Writes the file and tells the engine both ways: as a buffer, then as saved (which changes nothing more). */
    /**
     * The class loader Spoon types the project's libraries through holds the project's jars open: the engine
     * closes it when it rebuilds its model and when it closes, not whenever the loader is collected.
     */
    @Test
    void theProjectClassLoaderIsClosedWhenTheModelIsRebuiltAndWhenTheEngineCloses() throws Exception {
        Path jar = Path.of(Yaml.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String yaml = "org/yaml/snakeyaml/Yaml.class";
        TestTrees.writeCrawlerAndSixReports(root);
        Engine engine = Engine.open(SourceSet.of(List.of(root)).withClasspath(List.of(jar)), Analyzer.Options.defaults());
        URLClassLoader first = projectLoader(engine);
        assertNotNull(first.findResource(yaml), "the loader reads the project's classpath");

        Outcome update = edit(engine, "app/report/Report1.java", """
                package app.report;
                class Report1 extends java.util.concurrent.RecursiveAction {
                    @Override protected void compute() { app.Throttle.pause(); }
                }
                """);

        assertEquals(Outcome.REBUILT, update);
        assertNull(first.findResource(yaml), "the rebuilt model's loader is still open");
        URLClassLoader second = projectLoader(engine);
        assertNotSame(first, second);
        assertNotNull(second.findResource(yaml));

        engine.close();

        assertNull(second.findResource(yaml), "the closed engine's loader is still open");
    }

    private static URLClassLoader projectLoader(Engine engine) {
        return (URLClassLoader) engine.analysis().model().spoon().getRootPackage().getFactory().getEnvironment()
                .getInputClassLoader();
    }

    private Outcome edit(Engine engine, String relative, String text) throws IOException {
        Path file = TestTrees.write(root, relative, text);
        Outcome outcome = engine.update(List.of(Change.edited(file, text))).outcome();
        assertEquals(Outcome.UNCHANGED, engine.update(List.of(Change.onDisk(file))).outcome());
        return outcome;
    }

    private static String rewriteKeepingStamp(Path file, String text) throws IOException {
        FileTime stamp = Files.getLastModifiedTime(file);
        assertEquals(Files.readString(file).length(), text.length());
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, stamp);
        return text;
    }

    private static String textOf(Engine engine, Path file) {
        return engine.analysis().files().stream().filter(f -> f.path().equals(file)).findFirst().orElseThrow().text();
    }

    private void assertSameAsCold(Engine engine) {
        ScanResult cold = TestTrees.scan(root, Analyzer.Mode.FOCUSED);
        assertEquals(cold.findings(), engine.findings());
        assertEquals(cold.problems(), engine.analysis().result().problems());
        assertEquals(cold.files(), engine.analysis().result().files());
        assertEquals(cold.lines(), engine.analysis().result().lines());
        // Fixes are planned from each finding's model element: a kept or re-detected finding must keep it.
        Analyzer.Analysis analysis = engine.analysis();
        for (Finding finding : analysis.result().findings()) {
            assertNotNull(analysis.elements().get(finding), "no model element for " + finding);
        }
        assertEquals(analysis.result().findings().size(), analysis.elements().size(), "elements of findings gone");
    }

    private List<String> describe(List<Finding> findings) {
        return findings.stream().map(f -> f.location().relativePath().substring(root.toString().length() + 1)
                + " " + f.ruleId()).toList();
    }
}
