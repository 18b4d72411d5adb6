package org.fjdoctor.eclipse.workspace;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Platform;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.osgi.framework.Bundle;

/**
 * A project's source folders, classpath and source level as Eclipse's JDT resolves them (containers such as
 * the JRE's and Maven's included), read through JDT's public API by reflection: this bundle must never be
 * wired to Eclipse's JDT, since the engine embeds its own and the two would clash. Without the JDT bundle, or
 * for a project without the Java nature, the source folders come from the {@code .classpath} file
 * ({@link SourceRoots}) and neither a classpath nor a level is known.
 *
 * @param level the level JDT compiles the project's sources at, or {@code null} where unknown
 */
public record JavaBuildPath(List<Path> sourceFolders, List<Path> classpath, JavaLevel level) {

    static final String JDT = "org.eclipse.jdt.core";
    static final String JAVA_NATURE = JDT + ".javanature";
    static final String SOURCE_LEVEL = JDT + ".compiler.source";
    /** {@code IClasspathEntry.CPE_LIBRARY}, {@code CPE_PROJECT} and {@code CPE_SOURCE}. */
    private static final int LIBRARY = 1;
    private static final int PROJECT = 2;
    private static final int SOURCE = 3;

    public JavaBuildPath {
        sourceFolders = List.copyOf(sourceFolders);
        classpath = List.copyOf(classpath);
    }

    /** The build path of {@code project}, whose directory is {@code location}. */
    public static JavaBuildPath of(IProject project, Path location) {
        Bundle jdt = Platform.getBundle(JDT);
        try {
            if (jdt != null && project.hasNature(JAVA_NATURE)) {
                JavaBuildPath resolved = new Jdt(jdt).read(project);
                if (!resolved.sourceFolders().isEmpty()) {
                    return resolved;
                }
            }
        } catch (CoreException | ReflectiveOperationException | RuntimeException e) {
            // An unresolvable build path is JDT's problem to report; analyze what .classpath names.
        }
        return new JavaBuildPath(SourceRoots.of(location), List.of(), null);
    }

    /** JDT's {@code JavaCore}, {@code IJavaProject} and {@code IClasspathEntry}, loaded from its bundle. */
    private static final class Jdt {
        private final Method create;
        private final Method resolvedClasspath;
        private final Method outputLocation;
        private final Method option;
        private final Method kind;
        private final Method path;

        Jdt(Bundle bundle) throws ReflectiveOperationException {
            Class<?> javaProject = bundle.loadClass(JDT + ".IJavaProject");
            Class<?> entry = bundle.loadClass(JDT + ".IClasspathEntry");
            create = bundle.loadClass(JDT + ".JavaCore").getMethod("create", IProject.class);
            resolvedClasspath = javaProject.getMethod("getResolvedClasspath", boolean.class);
            outputLocation = javaProject.getMethod("getOutputLocation");
            option = javaProject.getMethod("getOption", String.class, boolean.class);
            kind = entry.getMethod("getEntryKind");
            path = entry.getMethod("getPath");
        }

        JavaBuildPath read(IProject project) throws ReflectiveOperationException {
            Object javaProject = create.invoke(null, project);
            IWorkspaceRoot root = project.getWorkspace().getRoot();
            List<Path> sources = new ArrayList<>();
            List<Path> classpath = new ArrayList<>();
            for (Object entry : (Object[]) resolvedClasspath.invoke(javaProject, true)) {
                IPath entryPath = (IPath) path.invoke(entry);
                switch ((int) kind.invoke(entry)) {
                    case SOURCE -> add(sources, location(root, entryPath));
                    // jrt-fs.jar stands for a modular JDK's system image, which the engine's JDT finds itself.
                    case LIBRARY -> {
                        if (!"jrt-fs.jar".equals(entryPath.lastSegment())) {
                            add(classpath, location(root, entryPath));
                        }
                    }
                    case PROJECT -> {
                        IResource other = root.findMember(entryPath);
                        if (other instanceof IProject required && required.isAccessible()) {
                            add(classpath, location(root, (IPath) outputLocation.invoke(create.invoke(null, required))));
                        }
                    }
                    default -> {
                        // containers and variables come resolved into the kinds above
                    }
                }
            }
            String level = (String) option.invoke(javaProject, SOURCE_LEVEL, true);
            return new JavaBuildPath(sources, classpath, level == null ? null : new JavaLevel(JavaLevel.parse(level),
                    "Eclipse JDT settings of " + project.getName() + " (" + SOURCE_LEVEL + " = " + level + ")"));
        }

        /** A workspace path's place on disk, or an external path as it is. */
        private static Path location(IWorkspaceRoot root, IPath path) {
            IResource resource = root.findMember(path);
            IPath location = resource != null ? resource.getLocation() : path;
            return location == null ? null : location.toFile().toPath();
        }

        private static void add(List<Path> paths, Path path) {
            if (path != null && Files.exists(path)) {
                paths.add(path);
            }
        }
    }
}
