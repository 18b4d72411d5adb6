package org.fjdoctor.cli.survey;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The build system a tree declares at its top, by the files it keeps there; the first that matches wins. */
final class BuildSystem {

    private static final Map<String, List<String>> MARKERS = new LinkedHashMap<>();

    static {
        MARKERS.put("maven", List.of("pom.xml"));
        MARKERS.put("gradle", List.of("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"));
        MARKERS.put("sbt", List.of("build.sbt"));
        MARKERS.put("ant", List.of("build.xml"));
        MARKERS.put("bazel", List.of("MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"));
        MARKERS.put("eclipse", List.of(".project", ".classpath"));
    }

    private BuildSystem() {
    }

    /** {@code maven}, {@code gradle}, {@code sbt}, {@code ant}, {@code bazel}, {@code eclipse} or {@code none}. */
    static String of(Path tree) {
        for (Map.Entry<String, List<String>> marker : MARKERS.entrySet()) {
            if (marker.getValue().stream().anyMatch(file -> Files.isRegularFile(tree.resolve(file)))) {
                return marker.getKey();
            }
        }
        return "none";
    }
}
