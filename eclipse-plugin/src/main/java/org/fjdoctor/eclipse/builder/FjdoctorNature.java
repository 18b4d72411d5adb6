package org.fjdoctor.eclipse.builder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.fjdoctor.eclipse.workspace.ProjectEngines;

/** The switch for the builder: a project with this nature is analyzed on every build. */
public final class FjdoctorNature implements IProjectNature {

    public static final String ID = "org.fjdoctor.eclipse.nature";

    private IProject project;

    @Override
    public void configure() throws CoreException {
        IProjectDescription description = project.getDescription();
        ICommand[] commands = description.getBuildSpec();
        if (Arrays.stream(commands).noneMatch(c -> FjdoctorBuilder.ID.equals(c.getBuilderName()))) {
            ICommand command = description.newCommand();
            command.setBuilderName(FjdoctorBuilder.ID);
            List<ICommand> spec = new ArrayList<>(Arrays.asList(commands));
            spec.add(command);
            description.setBuildSpec(spec.toArray(ICommand[]::new));
            project.setDescription(description, null);
        }
    }

    @Override
    public void deconfigure() throws CoreException {
        IProjectDescription description = project.getDescription();
        description.setBuildSpec(Arrays.stream(description.getBuildSpec())
                .filter(c -> !FjdoctorBuilder.ID.equals(c.getBuilderName()))
                .toArray(ICommand[]::new));
        project.setDescription(description, null);
        ProjectEngines.close(project);
    }

    @Override
    public IProject getProject() {
        return project;
    }

    @Override
    public void setProject(IProject value) {
        project = value;
    }

    /** Adds the nature (and with it the builder) when absent, removes it when present. */
    public static void toggle(IProject project, IProgressMonitor monitor) throws CoreException {
        IProjectDescription description = project.getDescription();
        List<String> natures = new ArrayList<>(Arrays.asList(description.getNatureIds()));
        if (!natures.remove(ID)) {
            natures.add(ID);
        }
        description.setNatureIds(natures.toArray(String[]::new));
        project.setDescription(description, monitor);
    }
}
