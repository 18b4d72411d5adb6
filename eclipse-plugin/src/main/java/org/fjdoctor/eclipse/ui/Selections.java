package org.fjdoctor.eclipse.ui;

import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.handlers.HandlerUtil;

/** The projects behind a command's selection: selected projects, folders or files, or the active editor. */
final class Selections {

    private Selections() {
    }

    static Set<IProject> projects(ExecutionEvent event) {
        Set<IProject> projects = new LinkedHashSet<>();
        ISelection selection = HandlerUtil.getCurrentSelection(event);
        if (selection instanceof IStructuredSelection structured && !structured.isEmpty()) {
            for (Object element : structured.toList()) {
                IResource resource = Adapters.adapt(element, IResource.class);
                if (resource != null && resource.getProject() != null) {
                    projects.add(resource.getProject());
                }
            }
        } else {
            IEditorInput input = HandlerUtil.getActiveEditorInput(event);
            IResource resource = input == null ? null : Adapters.adapt(input, IResource.class);
            if (resource != null && resource.getProject() != null) {
                projects.add(resource.getProject());
            }
        }
        return projects;
    }
}
