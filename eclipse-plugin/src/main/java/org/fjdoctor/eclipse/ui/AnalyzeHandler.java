package org.fjdoctor.eclipse.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.fjdoctor.eclipse.workspace.AnalysisJob;

/**
 * "Analyze with fjdoctor" on projects, folders, Java files or the active editor. It analyzes the
 * enclosing projects: findings in a file depend on the code it calls in others.
 */
public final class AnalyzeHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) {
        for (IProject project : Selections.projects(event)) {
            new AnalysisJob(project).schedule();
        }
        return null;
    }
}
