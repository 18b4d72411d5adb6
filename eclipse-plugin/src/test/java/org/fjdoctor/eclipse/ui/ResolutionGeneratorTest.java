package org.fjdoctor.eclipse.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolution2;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.eclipse.engine.EngineScan;
import org.fjdoctor.eclipse.engine.MarkerAttributes;
import org.fjdoctor.eclipse.engine.QuickFix;
import org.fjdoctor.eclipse.engine.Settings;
import org.junit.jupiter.api.Test;

/** What Ctrl+1 lists for a marker: the generator reads the fixes back from the marker's attributes. */
class ResolutionGeneratorTest {

    @Test
    void oneResolutionPerFixLabelledWithItsSafetyThenTheSuppression() throws NoSuchFileException {
        Path program = Path.of("../corpus/src/main/java/corpus/sleepyworker/positive").toAbsolutePath().normalize();
        EngineScan.Result result = EngineScan.run(List.of(program), null, Settings.defaults(), Config.none());
        ResolutionGenerator generator = new ResolutionGenerator();
        boolean sawReview = false;
        for (EngineScan.MarkerSpec spec : result.markers()) {
            IMarker marker = marker(spec.attributes());
            List<QuickFix> fixes = MarkerAttributes.fixes(spec.attributes());
            assertTrue(generator.hasResolutions(marker));
            IMarkerResolution[] resolutions = generator.getResolutions(marker);
            assertEquals(fixes.stream().map(QuickFix::label).toList(),
                    Arrays.stream(resolutions).map(IMarkerResolution::getLabel).toList());
            for (int i = 0; i < resolutions.length - 1; i++) {
                String label = resolutions[i].getLabel();
                assertTrue(label.startsWith("[SAFE] ") || label.startsWith("[REVIEW] "), label);
                sawReview |= label.startsWith("[REVIEW] ");
                assertFalse(((IMarkerResolution2) resolutions[i]).getDescription().isBlank());
            }
            assertEquals("Suppress with @SuppressWarnings(\"fjdoctor:sleepy-worker\")",
                    resolutions[resolutions.length - 1].getLabel());
        }
        // Removing a sleep is never proven safe: the corpus's sleepy workers get REVIEW fixes.
        assertTrue(sawReview);
    }

    @Test
    void aMarkerWithoutFixesHasNoResolutions() {
        assertFalse(new ResolutionGenerator().hasResolutions(marker(Map.of(MarkerAttributes.RULE_ID, "copy-on-fork"))));
    }

    private static IMarker marker(Map<String, Object> attributes) {
        return (IMarker) Proxy.newProxyInstance(IMarker.class.getClassLoader(), new Class<?>[] {IMarker.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getAttributes")) {
                        return attributes;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
