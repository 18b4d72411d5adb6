package org.fjdoctor.eclipse.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.fjdoctor.eclipse.builder.FjdoctorNature;

/** "Toggle fjdoctor builder": adds or removes the nature that runs the analysis on every build. */
public final class ToggleBuilderHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        for (IProject project : Selections.projects(event)) {
            Job job = Job.create("fjdoctor: toggling the builder of " + project.getName(), monitor -> {
                try {
                    FjdoctorNature.toggle(project, monitor);
                    return Status.OK_STATUS;
                } catch (CoreException e) {
                    return e.getStatus();
                }
            });
            job.setRule(project.getWorkspace().getRuleFactory().modifyRule(project));
            job.schedule();
        }
        return null;
    }
}
