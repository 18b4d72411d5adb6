package org.fjdoctor.cli.scan.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rebuilt jar or class folder is another build for the cache, even under the same version string. */
class CodeIdentityTest {

    @Test
    void aJarWithOtherContentIsAnotherBuild(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("fjdoctor.jar"), new byte[] {1, 2, 3});
        String first = CodeIdentity.of(List.of(jar));
        assertEquals(first, CodeIdentity.of(List.of(jar)));
        Files.write(jar, new byte[] {1, 2, 4});
        assertNotEquals(first, CodeIdentity.of(List.of(jar)));
    }

    @Test
    void aClassFolderWithAChangedClassIsAnotherBuild(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/org/x"));
        Path rule = Files.write(classes.resolve("Rule.class"), new byte[] {1});
        String first = CodeIdentity.of(List.of(dir.resolve("classes")));
        Files.setLastModifiedTime(rule, FileTime.fromMillis(Files.getLastModifiedTime(rule).toMillis() + 2000));
        assertNotEquals(first, CodeIdentity.of(List.of(dir.resolve("classes"))));
    }

    @Test
    void theRunningCodeHasAnIdentity() {
        assertEquals(64, CodeIdentity.current().length());
    }
}
