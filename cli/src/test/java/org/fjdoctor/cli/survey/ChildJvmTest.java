package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The child JVM a survey scans each repository in. */
class ChildJvmTest {

    @TempDir
    Path dir;

    @Test
    void aClassPathRelativeToThisJvmsDirectoryStillFindsFjdoctorFromTheScratchDirectory() throws IOException {
        // what `java -jar fjdoctor.jar survey ...` gives: java.class.path is "fjdoctor.jar", relative to where it ran
        ChildJvm here = ChildJvm.current();
        Path cwd = Path.of("").toAbsolutePath();
        List<String> relative = new ArrayList<>();
        for (String entry : here.classpath().split(File.pathSeparator)) {
            relative.add(cwd.relativize(Path.of(entry).toAbsolutePath()).toString());
        }
        ChildJvm jvm = new ChildJvm(here.java(), String.join(File.pathSeparator, relative));

        ChildJvm.Outcome outcome = jvm.run(List.of("--version"), "256m", Duration.ofMinutes(5), dir.resolve("scratch"));

        assertEquals(ChildJvm.Outcome.Kind.EXITED, outcome.kind(), outcome.outputTail());
        assertEquals(0, outcome.exit(), outcome.outputTail());
    }
}
