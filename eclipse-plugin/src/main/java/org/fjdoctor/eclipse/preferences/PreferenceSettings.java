package org.fjdoctor.eclipse.preferences;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.eclipse.engine.Settings;
import org.fjdoctor.eclipse.engine.SeverityMapping;

/**
 * The preference page's choices, stored in the workspace's instance scope under the bundle's name:
 * {@code rule.<id>.enabled} (boolean, default true) and {@code severity.<note|warning|error>} (the
 * marker severity 0, 1 or 2).
 */
public final class PreferenceSettings {

    public static final String NODE = "org.fjdoctor.eclipse";
    /** Whether the analysis is given the project's build path ({@link Settings#projectClasspath()}). */
    public static final String PROJECT_CLASSPATH = "analysis.projectClasspath";

    private PreferenceSettings() {
    }

    public static String ruleKey(String ruleId) {
        return "rule." + ruleId + ".enabled";
    }

    public static String severityKey(Severity severity) {
        return "severity." + severity.name().toLowerCase(Locale.ROOT);
    }

    public static Settings load() {
        IEclipsePreferences node = InstanceScope.INSTANCE.getNode(NODE);
        Set<String> disabled = new HashSet<>();
        for (Rule rule : Rules.all()) {
            if (!node.getBoolean(ruleKey(rule.info().id()), true)) {
                disabled.add(rule.info().id());
            }
        }
        SeverityMapping severities = SeverityMapping.defaults();
        for (Severity severity : Severity.values()) {
            int chosen = node.getInt(severityKey(severity), severities.markerSeverity(severity));
            if (chosen >= SeverityMapping.INFO && chosen <= SeverityMapping.ERROR) {
                severities = severities.with(severity, chosen);
            }
        }
        return new Settings(disabled, severities, node.getBoolean(PROJECT_CLASSPATH, false));
    }
}
