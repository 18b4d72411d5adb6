package org.fjdoctor.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * A module's compile classpath, resolved by the plugin rather than by Maven before the goal runs. Maven
 * would resolve the build's own modules to their jars or compiled classes, which do not exist when
 * {@code fjdoctor:check} runs alone ({@code mvn fjdoctor:check} on a multi-module build): fjdoctor reads
 * those modules' sources instead, so it takes their classes when they are there and leaves them out when
 * not, and resolves only the other dependencies, from the module's repositories.
 */
final class CompileClasspath {

    private static final Set<String> COMPILE_SCOPES = Set.of(Artifact.SCOPE_COMPILE, Artifact.SCOPE_PROVIDED,
            Artifact.SCOPE_SYSTEM);

    private final RepositorySystem repositorySystem;
    private final MavenSession session;

    CompileClasspath(RepositorySystem repositorySystem, MavenSession session) {
        this.repositorySystem = repositorySystem;
        this.session = session;
    }

    /** The module's classes (when compiled), then each compile-scope dependency that exists. */
    List<Path> of(MavenProject project) throws ArtifactResolutionException {
        List<Path> classpath = new ArrayList<>();
        addIfExists(classpath, new File(project.getBuild().getOutputDirectory()));
        for (Artifact artifact : project.getArtifacts()) {
            if (!COMPILE_SCOPES.contains(artifact.getScope()) || !artifact.getArtifactHandler().isAddedToClasspath()) {
                continue;
            }
            Optional<MavenProject> sibling = reactorProject(artifact);
            if (sibling.isPresent()) {
                addIfExists(classpath, new File(sibling.get().getBuild().getOutputDirectory()));
            } else {
                addIfExists(classpath, artifact.getFile() != null ? artifact.getFile() : resolve(project, artifact));
            }
        }
        return classpath;
    }

    /** The module of this build that {@code artifact} is, if any. */
    Optional<MavenProject> reactorProject(Artifact artifact) {
        return session.getProjects().stream()
                .filter(other -> other.getGroupId().equals(artifact.getGroupId())
                        && other.getArtifactId().equals(artifact.getArtifactId())
                        && other.getVersion().equals(artifact.getBaseVersion()))
                .findFirst();
    }

    private File resolve(MavenProject project, Artifact artifact) throws ArtifactResolutionException {
        DefaultArtifact wanted = new DefaultArtifact(artifact.getGroupId(), artifact.getArtifactId(),
                artifact.getClassifier(), artifact.getArtifactHandler().getExtension(), artifact.getVersion());
        ArtifactRequest request = new ArtifactRequest(wanted, project.getRemoteProjectRepositories(), null);
        return repositorySystem.resolveArtifact(session.getRepositorySession(), request).getArtifact().getFile();
    }

    private static void addIfExists(List<Path> classpath, File entry) {
        if (entry != null && entry.exists()) {
            Path path = entry.toPath();
            if (Files.exists(path) && !classpath.contains(path)) {
                classpath.add(path);
            }
        }
    }
}
