package org.fjdoctor.eclipse.engine;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;

/** What the user chose on the preference page: rules switched off, and the severity mapping. */
public record Settings(Set<String> disabledRules, SeverityMapping severities) {

    public Settings {
        disabledRules = Set.copyOf(disabledRules);
    }

    public static Settings defaults() {
        return new Settings(Set.of(), SeverityMapping.defaults());
    }

    /** The enabled rules, in catalog order. */
    public List<Rule> rules() {
        return Rules.all().stream().filter(r -> !disabledRules.contains(r.info().id())).toList();
    }
}
