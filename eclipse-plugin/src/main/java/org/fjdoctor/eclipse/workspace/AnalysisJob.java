package org.fjdoctor.eclipse.workspace;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.fjdoctor.eclipse.preferences.PreferenceSettings;

/** "Analyze with fjdoctor" in the background, holding the project so no build runs in between. */
public final class AnalysisJob extends WorkspaceJob {

    private final IProject project;

    public AnalysisJob(IProject project) {
        super("fjdoctor: analyzing " + project.getName());
        this.project = project;
        setRule(project);
        setUser(true);
    }

    @Override
    public IStatus runInWorkspace(IProgressMonitor monitor) {
        try {
            ProjectAnalysis.run(project, PreferenceSettings.load(), monitor);
            return Status.OK_STATUS;
        } catch (CoreException e) {
            return ProjectAnalysis.failed(project, e);
        }
    }
}
