package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.source.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import spoon.reflect.declaration.CtType;

/**
 * A module's tests in the package they test, beside the module's source root (JHotDraw 8's layout), put one
 * package into two modules for Spoon, which then left out every file that resolves it. Valid Java: all of
 * them are modelled.
 */
class SplitModulesTest {

    @TempDir
    Path root;

    private SourceFile file(String path, String text) {
        Path at = root.resolve(path);
        return SourceFile.of(at, path, path, text, StandardCharsets.UTF_8, false);
    }

    @Test
    void aPackageInAModuleAndInItsTestsIsModelledWhole() {
        List<SourceFile> files = List.of(
                file("app/src/main/java/org.app/module-info.java", """
                        module org.app {
                            exports org.app;
                        }
                        """),
                file("app/src/main/java/org.app/org/app/Worker.java", """
                        package org.app;
                        import java.util.concurrent.*;
                        public class Worker {
                            public Future<?> start(Runnable r) { return ForkJoinPool.commonPool().submit(r); }
                        }
                        """),
                file("app/src/main/java/org.app/org/app/Sleeper.java", """
                        package org.app;
                        public class Sleeper {
                            public void run(Worker w) { w.start(() -> { }); }
                        }
                        """),
                file("app/src/test/java/org.app/org/app/WorkerTest.java", """
                        package org.app;
                        class WorkerTest {
                            void starts() { new Worker().start(() -> { }); }
                        }
                        """));

        SpoonModelBuilder.Built built = SpoonModelBuilder.build(files, SourceFile::text, List.of(), 17);

        assertTrue(built.crashed().isEmpty(), () -> "left out: " + built.crashed());
        assertTrue(built.syntaxErrors().isEmpty(), () -> "syntax errors: " + built.syntaxErrors());
        Set<String> types = built.model().getAllTypes().stream().map(CtType::getQualifiedName).collect(Collectors.toSet());
        assertEquals(Set.of("org.app.Worker", "org.app.Sleeper", "org.app.WorkerTest"), types);
    }

    @Test
    void aModuleWhosePackagesAreItsOwnKeepsItsDeclaration() {
        List<SourceFile> files = List.of(
                file("app/src/main/java/org.app/module-info.java", "module org.app { }\n"),
                file("app/src/main/java/org.app/org/app/Worker.java", "package org.app;\npublic class Worker { }\n"),
                file("app/src/test/java/org/app/test/WorkerTest.java", "package org.app.test;\nclass WorkerTest { }\n"));

        assertEquals(false, SplitModules.splitPackage(files, SourceFile::text));
        assertEquals(true, SplitModules.splitPackage(List.of(files.get(0), files.get(1),
                file("app/src/test/java/org/app/WorkerTest.java", "package org.app;\nclass WorkerTest { }\n")),
                SourceFile::text));
    }
}
