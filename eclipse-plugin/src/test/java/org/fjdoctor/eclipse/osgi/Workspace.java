package org.fjdoctor.eclipse.osgi;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import org.osgi.framework.Bundle;

/** The Eclipse workspace inside the test framework, driven through core.resources' public interfaces. */
final class Workspace {

    private final Class<?> workspaceType;
    private final Class<?> descriptionType;
    private final Class<?> rootType;
    private final Class<?> projectType;
    private final Class<?> projectDescriptionType;
    private final Class<?> resourceType;
    private final Class<?> markerType;
    private final Class<?> pathType;
    private final Object workspace;

    Workspace(Equinox equinox) {
        Bundle resources = equinox.bundle("org.eclipse.core.resources");
        workspaceType = Reflect.type(resources, "org.eclipse.core.resources.IWorkspace");
        descriptionType = Reflect.type(resources, "org.eclipse.core.resources.IWorkspaceDescription");
        rootType = Reflect.type(resources, "org.eclipse.core.resources.IWorkspaceRoot");
        projectType = Reflect.type(resources, "org.eclipse.core.resources.IProject");
        projectDescriptionType = Reflect.type(resources, "org.eclipse.core.resources.IProjectDescription");
        resourceType = Reflect.type(resources, "org.eclipse.core.resources.IResource");
        markerType = Reflect.type(resources, "org.eclipse.core.resources.IMarker");
        pathType = Reflect.type(equinox.bundle("org.eclipse.equinox.common"), "org.eclipse.core.runtime.Path");
        workspace = Reflect.call(Reflect.type(resources, "org.eclipse.core.resources.ResourcesPlugin"), null, "getWorkspace");
        // Builds run when the test says so, not in the background after every change.
        Object description = Reflect.call(workspaceType, workspace, "getDescription");
        Reflect.call(descriptionType, description, "setAutoBuilding", false);
        Reflect.call(workspaceType, workspace, "setDescription", description);
    }

    Object createProject(String name, Path location) {
        Object root = Reflect.call(workspaceType, workspace, "getRoot");
        Object project = Reflect.call(rootType, root, "getProject", name);
        Object description = Reflect.call(workspaceType, workspace, "newProjectDescription", name);
        Reflect.call(projectDescriptionType, description, "setLocation",
                Reflect.call(pathType, null, "fromOSString", location.toString()));
        Reflect.call(projectType, project, "create", description, null);
        Reflect.call(projectType, project, "open", (Object) null);
        return project;
    }

    void addNature(Object project, String nature) {
        Object description = Reflect.call(projectType, project, "getDescription");
        String[] natures = (String[]) Reflect.call(projectDescriptionType, description, "getNatureIds");
        String[] more = Arrays.copyOf(natures, natures.length + 1);
        more[natures.length] = nature;
        Reflect.call(projectDescriptionType, description, "setNatureIds", (Object) more);
        Reflect.call(projectType, project, "setDescription", description, null);
    }

    void build(Object project, int kind) {
        Reflect.call(projectType, project, "build", kind, null);
    }

    /** Takes in what changed on disk, as a user's refresh (or a save in an editor) does. */
    void refresh(Object project) {
        Reflect.call(resourceType, project, "refreshLocal", 2, null);
    }

    void close(Object project) {
        Reflect.call(projectType, project, "close", (Object) null);
    }

    long id(Object marker) {
        return (Long) Reflect.call(markerType, marker, "getId");
    }

    Object[] markers(Object project) {
        return (Object[]) Reflect.call(resourceType, project, "findMarkers", "org.fjdoctor.eclipse.problem", false, 2);
    }

    Map<?, ?> attributes(Object marker) {
        return (Map<?, ?>) Reflect.call(markerType, marker, "getAttributes");
    }

    String resourceName(Object marker) {
        Object resource = Reflect.call(markerType, marker, "getResource");
        return (String) Reflect.call(resourceType, resource, "getName");
    }
}
