package org.fjdoctor.maven;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.model.Plugin;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.RelatedLocation;

/**
 * What fjdoctor analyzes for one module: its compile source roots, the source roots of the modules of
 * the same build it depends on (so that task code calling into a sibling is followed into its source),
 * its compile classpath (so types resolve as javac resolves them) and its Java level.
 *
 * @param own         the module's source roots (existing, generated code under target/ left out)
 * @param siblings    source roots of the reactor modules on its compile classpath
 * @param classpath   the module's compile classpath, existing entries only ({@link CompileClasspath})
 * @param javaLevel   the compiler plugin's release/source or the maven.compiler.* properties, if any
 */
record ModuleSources(List<Path> own, List<Path> siblings, List<Path> classpath, Optional<String> javaLevel) {

    private static final String COMPILER = "org.apache.maven.plugins:maven-compiler-plugin";

    static ModuleSources of(MavenProject project, CompileClasspath compileClasspath)
            throws ArtifactResolutionException {
        List<Path> own = sourceRoots(project);
        Set<Path> siblings = new LinkedHashSet<>();
        for (Artifact artifact : project.getArtifacts()) {
            compileClasspath.reactorProject(artifact).filter(other -> other != project)
                    .ifPresent(other -> siblings.addAll(sourceRoots(other)));
        }
        siblings.removeAll(own);
        return new ModuleSources(own, List.copyOf(siblings), compileClasspath.of(project), javaLevel(project));
    }

    /** Every root, as a path relative to the working directory when below it, so reports show short paths. */
    List<Path> roots() {
        List<Path> roots = new ArrayList<>();
        own.forEach(root -> roots.add(relative(root)));
        siblings.forEach(root -> roots.add(relative(root)));
        return roots;
    }

    /**
     * Whether a finding concerns this module: it is in the module's own files, or task code of the module
     * reaches it (its call path passes through them). Findings that only siblings' code reaches are
     * reported by those modules.
     */
    boolean concerns(Finding finding) {
        return isOwn(finding.location().file())
                || finding.related().stream().map(RelatedLocation::location).anyMatch(l -> isOwn(l.file()));
    }

    boolean isOwn(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return own.stream().anyMatch(absolute::startsWith);
    }

    private static List<Path> sourceRoots(MavenProject project) {
        Path build = Path.of(project.getBuild().getDirectory()).toAbsolutePath().normalize();
        List<Path> roots = new ArrayList<>();
        for (String root : project.getCompileSourceRoots()) {
            Path path = Path.of(root).toAbsolutePath().normalize();
            // Generated sources (annotation processors, code generators) are not the team's to fix.
            if (Files.isDirectory(path) && !path.startsWith(build)) {
                roots.add(path);
            }
        }
        return roots;
    }

    private static Path relative(Path root) {
        Path cwd = Path.of("").toAbsolutePath();
        return root.startsWith(cwd) && !root.equals(cwd) ? cwd.relativize(root) : root;
    }

    /** As javac is told: the compiler plugin's release or source, else the maven.compiler.* properties. */
    private static Optional<String> javaLevel(MavenProject project) {
        Plugin compiler = project.getPlugin(COMPILER);
        if (compiler != null && compiler.getConfiguration() instanceof Xpp3Dom configuration) {
            for (String name : List.of("release", "source")) {
                Xpp3Dom child = configuration.getChild(name);
                if (child != null && child.getValue() != null && !child.getValue().isBlank()
                        && !child.getValue().contains("${")) {
                    return Optional.of(child.getValue().trim());
                }
            }
        }
        Properties properties = project.getProperties();
        return Stream.of("maven.compiler.release", "maven.compiler.source", "maven.compiler.target")
                .map(properties::getProperty)
                .filter(Objects::nonNull)
                .map(String::trim)
                .filter(value -> !value.isEmpty())
                .findFirst();
    }
}
