package org.fjdoctor.eclipse.builder;

import java.util.Map;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.fjdoctor.analyzer.config.ConfigFile;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.preferences.PreferenceSettings;
import org.fjdoctor.eclipse.workspace.ProjectAnalysis;

/**
 * Runs on builds of projects with the fjdoctor nature. An incremental or auto build re-analyzes only
 * when a {@code .java} file or the project's {@code .fjdoctor.yml} changed; the analysis itself covers the whole project, since findings
 * follow calls across files.
 */
public final class FjdoctorBuilder extends IncrementalProjectBuilder {

    public static final String ID = "org.fjdoctor.eclipse.builder";

    @Override
    protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
        IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(getProject());
        if (delta == null || touchesSourcesOrSettings(delta)) {
            ProjectAnalysis.run(getProject(), PreferenceSettings.load(), monitor);
        }
        return null;
    }

    @Override
    protected void clean(IProgressMonitor monitor) throws CoreException {
        getProject().deleteMarkers(MarkerAttributes.MARKER_TYPE, false, IResource.DEPTH_INFINITE);
    }

    private static boolean touchesSourcesOrSettings(IResourceDelta delta) throws CoreException {
        boolean[] found = {false};
        delta.accept(d -> {
            if (d.getResource().getType() == IResource.FILE && ("java".equals(d.getResource().getFileExtension())
                    || ConfigFile.NAME.equals(d.getResource().getName()))) {
                found[0] = true;
            }
            return !found[0];
        });
        return found[0];
    }
}
