package org.fjdoctor.eclipse.builder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.fjdoctor.analyzer.config.ConfigFile;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.preferences.PreferenceSettings;
import org.fjdoctor.eclipse.workspace.ProjectAnalysis;
import org.fjdoctor.eclipse.workspace.ProjectEngines;

/**
 * Runs on builds of projects with the fjdoctor nature, on the project's warm analysis. A full build builds
 * the model again; an incremental or auto build in which a {@code .java} file or the project's
 * {@code .fjdoctor.yml}, build path or compiler settings changed hands the changed files to the kept model, which redoes only what they can
 * affect; clean lets go of the model.
 */
public final class FjdoctorBuilder extends IncrementalProjectBuilder {

    public static final String ID = "org.fjdoctor.eclipse.builder";

    /** Files whose change can change the project's setup: the settings file, the build path, JDT's levels. */
    private static final Set<String> SETUP_FILES = Set.of(ConfigFile.NAME, ".classpath", "org.eclipse.jdt.core.prefs");

    @Override
    protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
        IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(getProject());
        if (delta == null) {
            ProjectAnalysis.run(getProject(), PreferenceSettings.load(), monitor);
            return null;
        }
        Changes changes = changes(delta);
        if (changes.settings || !changes.sources.isEmpty()) {
            // A changed setup file comes in through the project's setup, which is read again on every analysis.
            ProjectAnalysis.update(getProject(), PreferenceSettings.load(), changes.sources, monitor);
        }
        return null;
    }

    @Override
    protected void clean(IProgressMonitor monitor) throws CoreException {
        ProjectEngines.close(getProject());
        getProject().deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_INFINITE);
    }

    /** The {@code .java} files whose content changed, appeared or went, and whether a setup file changed. */
    private record Changes(List<Path> sources, boolean settings) {
    }

    private static Changes changes(IResourceDelta delta) throws CoreException {
        List<Path> sources = new ArrayList<>();
        boolean[] settings = {false};
        delta.accept(d -> {
            IResource resource = d.getResource();
            if (resource.getType() != IResource.FILE) {
                return true;
            }
            boolean content = d.getKind() != IResourceDelta.CHANGED
                    || (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0;
            IPath location = resource.getLocation();
            if ("java".equals(resource.getFileExtension()) && content && location != null) {
                sources.add(location.toFile().toPath());
            } else if (SETUP_FILES.contains(resource.getName())) {
                settings[0] = true;
            }
            return false;
        });
        return new Changes(sources, settings[0]);
    }
}
