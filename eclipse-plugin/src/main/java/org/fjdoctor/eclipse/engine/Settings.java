package org.fjdoctor.eclipse.engine;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.config.Config;

/**
 * What the user chose on the preference page: rules switched off, and the severity mapping. They
 * apply on top of the project's {@code .fjdoctor.yml}: a rule runs when neither switches it off, and
 * the file's severity of a finding is what the mapping turns into a marker severity.
 */
public record Settings(Set<String> disabledRules, SeverityMapping severities) {

    public Settings {
        disabledRules = Set.copyOf(disabledRules);
    }

    public static Settings defaults() {
        return new Settings(Set.of(), SeverityMapping.defaults());
    }

    /** The rules {@code project} leaves on and the preferences do not switch off, in catalog order. */
    public List<Rule> rules(Config project) {
        return project.rules(List.of()).stream().filter(r -> !disabledRules.contains(r.info().id())).toList();
    }
}
