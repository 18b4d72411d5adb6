package org.fjdoctor.eclipse.workspace;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
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
import org.fjdoctor.eclipse.engine.Settings;

/**
 * Analyzes a whole project and replaces its fjdoctor markers. Always the whole project: a finding's
 * call path crosses files, so a change in one file can add or remove findings in another. The
 * project's {@code .fjdoctor.yml} (in its directory or above, up to the repository root) applies, with
 * the preferences on top ({@link Settings}); a mistake in it becomes an error marker on its line.
 */
public final class ProjectAnalysis {

    private ProjectAnalysis() {
    }

    /** @return how many markers were created */
    public static int run(IProject project, Settings settings, IProgressMonitor monitor) throws CoreException {
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
            reportConfigError(project, root, e, progress.split(3));
            return 0;
        }
        EngineScan.Result result;
        try {
            result = EngineScan.run(SourceRoots.of(location.toPath()), charset(project), settings, config);
        } catch (NoSuchFileException e) {
            throw new CoreException(Status.error("fjdoctor: " + e.getFile() + " does not exist", e));
        }
        progress.worked(2);
        if (progress.isCanceled()) {
            return 0;
        }
        int[] created = {0};
        project.getWorkspace().run(m -> {
            project.deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_INFINITE);
            for (EngineScan.MarkerSpec spec : result.markers()) {
                IFile file = fileAt(root, spec.file());
                if (file != null) {
                    IMarker marker = file.createMarker(MarkerAttributes.MARKER_TYPE);
                    marker.setAttributes(spec.attributes());
                    created[0]++;
                }
            }
        }, project, 0, progress.split(1));
        return created[0];
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
