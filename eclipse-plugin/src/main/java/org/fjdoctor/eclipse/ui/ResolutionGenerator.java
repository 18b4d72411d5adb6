package org.fjdoctor.eclipse.ui;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.engine.QuickFix;

/**
 * Ctrl+1 and the Problems view ask this for an fjdoctor marker's fixes: one resolution per fix the
 * engine offered (labelled [SAFE] or [REVIEW]), then "Suppress with @SuppressWarnings".
 */
public final class ResolutionGenerator implements IMarkerResolutionGenerator2 {

    @Override
    public boolean hasResolutions(IMarker marker) {
        return !fixes(marker).isEmpty();
    }

    @Override
    public IMarkerResolution[] getResolutions(IMarker marker) {
        return fixes(marker).stream().map(QuickFixResolution::new).toArray(IMarkerResolution[]::new);
    }

    private static List<QuickFix> fixes(IMarker marker) {
        try {
            Map<String, Object> attributes = marker.getAttributes();
            return MarkerAttributes.fixes(attributes);
        } catch (CoreException e) {
            return List.of(); // the marker was deleted meanwhile
        }
    }
}
