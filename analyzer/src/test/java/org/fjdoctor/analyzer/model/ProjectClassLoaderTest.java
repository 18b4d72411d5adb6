package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.source.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;

/**
 * Spoon types what no source declares by reflection through its input class loader. That loader sees the JDK
 * and the project's classpath, never fjdoctor's own libraries (SnakeYAML here): a project that uses one of them
 * without it on its classpath must not be typed by fjdoctor's copy.
 */
class ProjectClassLoaderTest {

    private static final String USER = """
            package p;
            class User {
                org.yaml.snakeyaml.Yaml yaml;
                java.util.concurrent.ForkJoinPool pool;
            }
            """;

    @TempDir
    Path root;

    @Test
    void aBundledLibraryOffTheProjectsClasspathIsNotResolved() {
        CtTypeReference<?> yaml = fieldType(List.of(), "yaml");

        assertNull(HalfResolved.typeDeclaration(yaml), "typed through fjdoctor's own class path");
        CtType<?> pool = HalfResolved.typeDeclaration(fieldType(List.of(), "pool"));
        assertNotNull(pool, "the JDK is always there");
        assertTrue(pool.isShadow());
    }

    @Test
    void aLibraryOnTheProjectsClasspathIsResolvedFromIt() throws URISyntaxException {
        Path jar = Path.of(Yaml.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        CtType<?> yaml = HalfResolved.typeDeclaration(fieldType(List.of(jar), "yaml"));

        assertNotNull(yaml);
        assertTrue(yaml.isShadow());
        assertEquals("org.yaml.snakeyaml.Yaml", yaml.getQualifiedName());
    }

    private CtTypeReference<?> fieldType(List<Path> classpath, String field) {
        SourceFile user = SourceFile.of(root.resolve("p/User.java"), "p/User.java", "p/User.java", USER,
                StandardCharsets.UTF_8, false);
        SpoonModelBuilder.Built built = SpoonModelBuilder.build(List.of(user), SourceFile::text, classpath, 17);
        CtType<?> type = built.model().getAllTypes().iterator().next();
        CtField<?> declared = type.getField(field);
        return declared.getType();
    }
}
