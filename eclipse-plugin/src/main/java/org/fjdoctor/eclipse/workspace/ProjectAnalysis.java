package org.fjdoctor.eclipse.workspace;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.ConfigFile;
import org.fjdoctor.eclipse.engine.EngineScan;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.engine.ProjectSetup;
import org.fjdoctor.eclipse.engine.Settings;
import org.fjdoctor.eclipse.engine.WarmScan;

/**
 * Analyzes a project and brings its fjdoctor markers up to date, on the project's warm analysis
 * ({@link ProjectEngines}): the first analysis, a full build and "Analyze with fjdoctor" build the model and
 * replace every marker; an incremental build hands the changed files to the kept model and replaces the
 * markers of the files whose findings changed. The analysis always covers the whole project, since a
 * finding's call path crosses files. The project's source folders, classpath and source level are JDT's
 * ({@link JavaBuildPath}); its {@code .fjdoctor.yml} (in its directory or above, up to the repository root)
 * applies, with the preferences on top ({@link Settings}); a mistake in it becomes an error marker on its line.
 */
public final class ProjectAnalysis {

    private ProjectAnalysis() {
    }

    /**
     * Builds the project's model again and replaces all its markers.
     *
     * @return how many markers the project has now
     */
    public static int run(IProject project, Settings settings, IProgressMonitor monitor) throws CoreException {
        return analyze(project, settings, null, monitor);
    }

    /**
     * Takes in {@code changedFiles} (saved, created or deleted) on the project's kept model, or builds one
     * when there is none or the project's setup changed, and replaces the markers that changed.
     *
     * @return how many markers the project has now
     */
    public static int update(IProject project, Settings settings, Collection<Path> changedFiles,
                             IProgressMonitor monitor) throws CoreException {
        return analyze(project, settings, changedFiles, monitor);
    }

    /** @param changedFiles {@code null} for a new model */
    private static int analyze(IProject project, Settings settings, Collection<Path> changedFiles,
                               IProgressMonitor monitor) throws CoreException {
        SubMonitor progress = SubMonitor.convert(monitor, "fjdoctor: analyzing " + project.getName(), 3);
        IPath location = project.getLocation();
        if (location == null || !project.isAccessible()) {
            return 0;
        }
        IWorkspaceRoot root = project.getWorkspace().getRoot();
        Config config;
        try {
            config = ConfigFile.forPaths(null, List.of(location.toPath()));
        } catch (ConfigException e) {
            // Analyzing without the settings the team chose would show findings they switched off.
            ProjectEngines.close(project);
            reportConfigError(project, root, e, progress.split(3));
            return 0;
        }
        JavaBuildPath buildPath = JavaBuildPath.of(project, location.toPath());
        ProjectSetup setup = new ProjectSetup(buildPath.sourceFolders(),
                settings.projectClasspath() ? buildPath.classpath() : List.of(), charset(project),
                buildPath.level(), config, settings.disabledRules());
        WarmScan scan = ProjectEngines.get(project);
        Map<Path, List<EngineScan.MarkerSpec>> replaced;
        boolean all = changedFiles == null || scan == null || !scan.setup().equals(setup);
        try {
            if (all) {
                ProjectEngines.close(project);
                scan = WarmScan.open(setup, settings.severities());
                ProjectEngines.put(project, scan);
                replaced = scan.markers();
            } else {
                replaced = scan.update(changedFiles, settings.severities()).files();
            }
        } catch (NoSuchFileException e) {
            ProjectEngines.close(project);
            throw new CoreException(Status.error("fjdoctor: " + e.getFile() + " does not exist", e));
        }
        progress.worked(2);
        if (!replaced.isEmpty() || all) {
            project.getWorkspace().run(m -> replace(project, root, replaced, all), project, 0, progress.split(1));
        }
        return scan.markers().values().stream().mapToInt(List::size).sum();
    }

    /** Replaces the markers of the files in {@code markers}, or of the whole project when {@code all}. */
    private static void replace(IProject project, IWorkspaceRoot root, Map<Path, List<EngineScan.MarkerSpec>> markers,
                                boolean all) throws CoreException {
        if (all) {
            project.deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_INFINITE);
        }
        for (Map.Entry<Path, List<EngineScan.MarkerSpec>> file : markers.entrySet()) {
            IFile resource = fileAt(root, file.getKey());
            if (resource == null || !resource.exists()) {
                continue;
            }
            if (!all) {
                resource.deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_ZERO);
            }
            for (EngineScan.MarkerSpec spec : file.getValue()) {
                resource.createMarker(MarkerAttributes.MARKER_TYPE).setAttributes(spec.attributes());
            }
        }
    }

    /** Replaces the project's markers with one on the settings file's wrong line, or fails if it is not in the workspace. */
    private static void reportConfigError(IProject project, IWorkspaceRoot root, ConfigException error,
                                          IProgressMonitor monitor) throws CoreException {
        IFile file = fileAt(root, error.file());
        project.getWorkspace().run(m -> {
            project.deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_INFINITE);
            if (file != null) {
                file.createMarker(MarkerAttributes.MARKER_TYPE).setAttributes(MarkerAttributes.of(error));
            }
        }, project, 0, monitor);
        if (file == null) {
            throw new CoreException(Status.error("fjdoctor: " + error.getMessage()));
        }
    }

    static IFile fileAt(IWorkspaceRoot root, Path file) {
        IFile[] files = root.findFilesForLocationURI(file.toUri());
        return files.length == 0 ? null : files[0];
    }

    private static Charset charset(IProject project) {
        try {
            return Charset.forName(project.getDefaultCharset());
        } catch (CoreException | IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
    }

    /** For jobs that report a failed analysis in the error log rather than a dialog. */
    public static IStatus failed(IProject project, CoreException e) {
        return new Status(IStatus.ERROR, "org.fjdoctor.eclipse", "fjdoctor could not analyze " + project.getName(), e);
    }
}
