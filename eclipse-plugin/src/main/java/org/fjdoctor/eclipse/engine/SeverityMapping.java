package org.fjdoctor.eclipse.engine;

import java.util.EnumMap;
import java.util.Map;

import org.fjdoctor.analyzer.Severity;

/**
 * Which Eclipse marker severity each fjdoctor severity becomes. The values are
 * {@code IMarker.SEVERITY_INFO/WARNING/ERROR} (0, 1, 2), repeated here so that the engine glue needs
 * no Eclipse class.
 */
public record SeverityMapping(Map<Severity, Integer> markerSeverities) {

    public static final int INFO = 0;
    public static final int WARNING = 1;
    public static final int ERROR = 2;

    public SeverityMapping {
        markerSeverities = Map.copyOf(markerSeverities);
        for (Severity severity : Severity.values()) {
            Integer value = markerSeverities.get(severity);
            if (value == null || value < INFO || value > ERROR) {
                throw new IllegalArgumentException("no marker severity for " + severity + ": " + value);
            }
        }
    }

    /** note to info, warning to warning, error to error. */
    public static SeverityMapping defaults() {
        Map<Severity, Integer> map = new EnumMap<>(Severity.class);
        map.put(Severity.NOTE, INFO);
        map.put(Severity.WARNING, WARNING);
        map.put(Severity.ERROR, ERROR);
        return new SeverityMapping(map);
    }

    public int markerSeverity(Severity severity) {
        return markerSeverities.get(severity);
    }

    public SeverityMapping with(Severity severity, int markerSeverity) {
        Map<Severity, Integer> map = new EnumMap<>(markerSeverities);
        map.put(severity, markerSeverity);
        return new SeverityMapping(map);
    }
}
