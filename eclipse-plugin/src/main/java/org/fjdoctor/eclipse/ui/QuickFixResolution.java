package org.fjdoctor.eclipse.ui;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.statushandlers.StatusManager;
import org.fjdoctor.eclipse.engine.QuickFix;
import org.fjdoctor.eclipse.workspace.AnalysisJob;
import org.fjdoctor.eclipse.workspace.BufferEdits;

/** One quick fix of a marker, applied through the editors' file buffers so Undo reverts it. */
final class QuickFixResolution implements IMarkerResolution2 {

    private final QuickFix fix;

    QuickFixResolution(QuickFix fix) {
        this.fix = fix;
    }

    @Override
    public String getLabel() {
        return fix.label();
    }

    @Override
    public String getDescription() {
        return fix.description();
    }

    @Override
    public Image getImage() {
        return null;
    }

    @Override
    public void run(IMarker marker) {
        try {
            BufferEdits.Applied applied = BufferEdits.apply(fix, new NullProgressMonitor());
            marker.delete();
            if (applied.saved()) {
                // On disk now: the analysis sees the fix, and the other markers get fresh offsets.
                new AnalysisJob(marker.getResource().getProject()).schedule();
            }
        } catch (CoreException e) {
            StatusManager.getManager().handle(e.getStatus(), StatusManager.SHOW | StatusManager.LOG);
        }
    }
}
