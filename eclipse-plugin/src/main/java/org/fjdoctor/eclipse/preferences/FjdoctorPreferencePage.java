package org.fjdoctor.eclipse.preferences;

import java.util.Locale;

import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.BooleanFieldEditor;
import org.eclipse.jface.preference.ComboFieldEditor;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.eclipse.engine.SeverityMapping;

/** Window > Preferences > fjdoctor: which rules run, and which marker severity each fjdoctor severity gets. */
public final class FjdoctorPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

    private static final String[][] MARKER_SEVERITIES = {
        {"Info", Integer.toString(SeverityMapping.INFO)},
        {"Warning", Integer.toString(SeverityMapping.WARNING)},
        {"Error", Integer.toString(SeverityMapping.ERROR)},
    };

    public FjdoctorPreferencePage() {
        super(GRID);
        setDescription("Rules to run and how their findings appear as problems. Changes apply to the next analysis.");
    }

    @Override
    public void init(IWorkbench workbench) {
        IPreferenceStore store = new ScopedPreferenceStore(InstanceScope.INSTANCE, PreferenceSettings.NODE);
        for (Rule rule : Rules.all()) {
            store.setDefault(PreferenceSettings.ruleKey(rule.info().id()), true);
        }
        SeverityMapping defaults = SeverityMapping.defaults();
        for (Severity severity : Severity.values()) {
            store.setDefault(PreferenceSettings.severityKey(severity), defaults.markerSeverity(severity));
        }
        store.setDefault(PreferenceSettings.PROJECT_CLASSPATH, false);
        setPreferenceStore(store);
    }

    @Override
    protected void createFieldEditors() {
        for (Rule rule : Rules.all()) {
            addField(new BooleanFieldEditor(PreferenceSettings.ruleKey(rule.info().id()),
                    rule.info().code() + " " + rule.info().id() + ": " + rule.info().title(), getFieldEditorParent()));
        }
        for (Severity severity : Severity.values()) {
            addField(new ComboFieldEditor(PreferenceSettings.severityKey(severity),
                    "Show fjdoctor " + severity.name().toLowerCase(Locale.ROOT) + " as",
                    MARKER_SEVERITIES, getFieldEditorParent()));
        }
        addField(new BooleanFieldEditor(PreferenceSettings.PROJECT_CLASSPATH,
                "Analyze with the project's build path (resolves library types; every edit then re-analyzes the"
                        + " whole project)", getFieldEditorParent()));
    }
}
