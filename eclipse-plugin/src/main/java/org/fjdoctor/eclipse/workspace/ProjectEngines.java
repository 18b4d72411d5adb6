package org.fjdoctor.eclipse.workspace;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IWorkspace;
import org.fjdoctor.eclipse.engine.WarmScan;

/**
 * The warm analyses of the workspace's projects, one per project: opened by the first analysis, kept across
 * builds, and let go when the project is closed or deleted, loses the builder, or is cleaned. A model of a
 * large project holds hundreds of megabytes, so none outlives its reason.
 */
public final class ProjectEngines {

    private static final Map<IProject, WarmScan> OPEN = new ConcurrentHashMap<>();
    private static final IResourceChangeListener CLOSING = event -> {
        if (event.getResource() instanceof IProject project) {
            close(project);
        }
    };
    private static IWorkspace listenedTo;

    private ProjectEngines() {
    }

    /** The project's warm analysis, or {@code null} when none is open. */
    public static WarmScan get(IProject project) {
        return OPEN.get(project);
    }

    /** Makes {@code scan} the project's warm analysis, letting go of the one before. */
    static void put(IProject project, WarmScan scan) {
        listenTo(project.getWorkspace());
        WarmScan before = OPEN.put(project, scan);
        if (before != null && before != scan) {
            before.close();
        }
    }

    /** Lets go of the project's warm analysis, if any: the next analysis builds a new one. */
    public static void close(IProject project) {
        WarmScan scan = OPEN.remove(project);
        if (scan != null) {
            scan.close();
        }
    }

    private static synchronized void listenTo(IWorkspace workspace) {
        if (listenedTo != workspace) {
            if (listenedTo != null) {
                listenedTo.removeResourceChangeListener(CLOSING);
            }
            workspace.addResourceChangeListener(CLOSING, IResourceChangeEvent.PRE_CLOSE | IResourceChangeEvent.PRE_DELETE);
            listenedTo = workspace;
        }
    }
}
