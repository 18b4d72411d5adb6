package org.fjdoctor.eclipse.engine;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.config.Config;

/**
 * What the user chose on the preference page: rules switched off, and the severity mapping. They
 * apply on top of the project's {@code .fjdoctor.yml}: a rule runs when neither switches it off, and
 * the file's severity of a finding is what the mapping turns into a marker severity.
 *
 * @param projectClasspath whether the analysis is given the project's resolved build path. Off by default,
 *                         as for the command line: with a classpath any class may be a task, so the analysis
 *                         models the whole project and every edit builds the model again.
 */
public record Settings(Set<String> disabledRules, SeverityMapping severities, boolean projectClasspath) {

    public Settings {
        disabledRules = Set.copyOf(disabledRules);
    }

    public Settings(Set<String> disabledRules, SeverityMapping severities) {
        this(disabledRules, severities, false);
    }

    public static Settings defaults() {
        return new Settings(Set.of(), SeverityMapping.defaults());
    }

    /** The rules {@code project} leaves on and the preferences do not switch off, in catalog order. */
    public List<Rule> rules(Config project) {
        return rules(project, disabledRules);
    }

    /** The rules {@code project} leaves on, less those with an id in {@code disabled}, in catalog order. */
    public static List<Rule> rules(Config project, Set<String> disabled) {
        return project.rules(List.of()).stream().filter(r -> !disabled.contains(r.info().id())).toList();
    }
}
