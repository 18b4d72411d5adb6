package org.fjdoctor.analyzer.config;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.source.Exclusions;

/**
 * A project's {@code .fjdoctor.yml} ({@link ConfigFile} reads it): what the file says, nothing more.
 * {@link SettingsResolver} puts each front end's explicit values over it and the build and defaults under it.
 *
 * @param file          where the settings come from; empty for none (every default)
 * @param disabledRules ids of the rules the file switches off
 * @param severities    a severity per rule id, for every finding of that rule
 * @param exclusions    globs relative to the file's directory
 * @param callDepth     how many calls deep to follow task code
 * @param javaLevel     the Java language level of the sources
 * @param failOn        the least severity that fails a build
 * @param includeTests  whether findings in test sources keep their severity (otherwise notes)
 * @param failOnIncomplete whether a scan fjdoctor could not finish (a rule or model of its own failed) fails
 */
public record Config(Optional<Path> file, Set<String> disabledRules, Map<String, Severity> severities,
                     Exclusions exclusions, OptionalInt callDepth, OptionalInt javaLevel, Optional<FailOn> failOn,
                     Optional<Boolean> includeTests, Optional<Boolean> failOnIncomplete) {

    public static final int DEFAULT_JAVA_LEVEL = 17;
    public static final FailOn DEFAULT_FAIL_ON = FailOn.WARNING;

    public Config {
        disabledRules = Set.copyOf(disabledRules);
        severities = Map.copyOf(severities);
    }

    /** No file: fjdoctor's defaults. */
    public static Config none() {
        return new Config(Optional.empty(), Set.of(), Map.of(), Exclusions.NONE, OptionalInt.empty(),
                OptionalInt.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The rules to run: those {@code selectors} name (by id or code) when there are any, else every rule
     * the file leaves on.
     *
     * @throws IllegalArgumentException for a selector that names no rule
     */
    public List<Rule> rules(List<String> selectors) {
        if (!selectors.isEmpty()) {
            return Rules.select(selectors);
        }
        return Rules.all().stream().filter(r -> !disabledRules.contains(r.info().id())).toList();
    }

    /** The file's severities with {@code overrides} (by rule id) put over them. */
    public Map<String, Severity> severities(Map<String, Severity> overrides) {
        Map<String, Severity> merged = new HashMap<>(severities);
        merged.putAll(overrides);
        return merged;
    }

    /**
     * Reads {@code rule=level} ({@code copy-on-fork=error}, {@code FJ5=note}) as a rule id and severity:
     * what {@code --severity} takes.
     *
     * @throws IllegalArgumentException for an unknown rule or level, or text without {@code =}
     */
    public static Map.Entry<String, Severity> severityOverride(String text) {
        int equals = text.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("'" + text + "' is not RULE=LEVEL (example: copy-on-fork=error)");
        }
        String selector = text.substring(0, equals).trim();
        Rule rule = Rules.named(selector).orElseThrow(() -> Rules.unknown(selector));
        return Map.entry(rule.info().id(), Severity.parse(text.substring(equals + 1)));
    }
}
