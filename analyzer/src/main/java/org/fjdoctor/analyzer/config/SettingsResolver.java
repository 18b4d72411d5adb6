package org.fjdoctor.analyzer.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.JavaLevels;

/**
 * The one place where every front end (scan, fix, patch, measure, the Maven goals, Eclipse) turns what it
 * was told into the effective settings: an explicit value (flag, Maven parameter, Eclipse preference) wins
 * over the settings file's, which wins over what the build declares, which wins over fjdoctor's default.
 * The level the build host reports (Maven's project model: what javac is told) counts as explicit.
 * The Java level is settled per file from the nearest build settings unless one level is named.
 */
public final class SettingsResolver {

    private SettingsResolver() {
    }

    /**
     * What a front end was told; {@code null} (or empty) where nothing was given.
     *
     * @param configFile   the settings file named explicitly, instead of the one found above the roots
     * @param rules        rule selectors (ids or codes); empty: every rule the settings file leaves on
     * @param severities   severities by rule id, over the settings file's
     * @param callDepth    the depth and the flag that gave it
     * @param javaLevel    one level for every file and the flag that gave it
     * @param failOn       the least severity that fails and the flag that gave it
     * @param includeTests {@code true} and the flag that gave it, or null
     * @param failOnIncomplete whether a scan fjdoctor could not finish fails, and the flag that gave it, or null
     * @param hostLevel    the level the build host reports (Maven's resolved project model), used in place
     *                     of the settings file's and the build files'; a {@code javaLevel} value wins over it
     */
    public record Explicit(Path configFile, List<String> rules, Map<String, Severity> severities,
                           Setting<Integer> callDepth, Setting<Integer> javaLevel, Setting<FailOn> failOn,
                           Setting<Boolean> includeTests, Setting<Boolean> failOnIncomplete, JavaLevel hostLevel) {

        public Explicit {
            rules = rules.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
            severities = Map.copyOf(severities);
        }

        public static Explicit none() {
            return new Explicit(null, List.of(), Map.of(), null, null, null, null, null, null);
        }

        public Explicit withConfigFile(Path file) {
            return new Explicit(file, rules, severities, callDepth, javaLevel, failOn, includeTests, failOnIncomplete,
                    hostLevel);
        }

        public Explicit withRules(List<String> selectors) {
            return new Explicit(configFile, selectors, severities, callDepth, javaLevel, failOn, includeTests,
                    failOnIncomplete, hostLevel);
        }

        public Explicit withSeverities(Map<String, Severity> byRuleId) {
            return new Explicit(configFile, rules, byRuleId, callDepth, javaLevel, failOn, includeTests,
                    failOnIncomplete, hostLevel);
        }

        public Explicit withCallDepth(Integer depth, String origin) {
            return new Explicit(configFile, rules, severities, given(depth, origin), javaLevel, failOn, includeTests,
                    failOnIncomplete, hostLevel);
        }

        public Explicit withJavaLevel(Integer level, String origin) {
            return new Explicit(configFile, rules, severities, callDepth, given(level, origin), failOn, includeTests,
                    failOnIncomplete, hostLevel);
        }

        public Explicit withFailOn(FailOn level, String origin) {
            return new Explicit(configFile, rules, severities, callDepth, javaLevel, given(level, origin), includeTests,
                    failOnIncomplete, hostLevel);
        }

        /** Only a flag that is set counts: without it the settings file decides. */
        public Explicit withIncludeTests(boolean include, String origin) {
            return new Explicit(configFile, rules, severities, callDepth, javaLevel, failOn,
                    include ? new Setting<>(true, origin) : null, failOnIncomplete, hostLevel);
        }

        public Explicit withFailOnIncomplete(Boolean fail, String origin) {
            return new Explicit(configFile, rules, severities, callDepth, javaLevel, failOn, includeTests,
                    given(fail, origin), hostLevel);
        }

        public Explicit withHostLevel(JavaLevel level) {
            return new Explicit(configFile, rules, severities, callDepth, javaLevel, failOn, includeTests,
                    failOnIncomplete, level);
        }

        private static <T> Setting<T> given(T value, String origin) {
            return value == null ? null : new Setting<>(value, origin);
        }
    }

    /**
     * The effective settings for a run over {@code roots}.
     *
     * @throws ConfigException          for a settings file that cannot be read or is wrong
     * @throws IllegalArgumentException for an explicit value that is wrong (an unknown rule, a negative depth)
     */
    public static Settings resolve(Explicit given, List<Path> roots) throws ConfigException {
        Config file = ConfigFile.forPaths(given.configFile(), roots);
        return resolve(given, file);
    }

    /** As {@link #resolve(Explicit, List)}, with the settings file already read. */
    public static Settings resolve(Explicit given, Config file) {
        String inFile = file.file().map(f -> " in " + f).orElse("");
        Setting<Integer> depth = pick(given.callDepth(), file.callDepth().isPresent()
                ? new Setting<>(file.callDepth().getAsInt(), "depth" + inFile) : null,
                Setting.byDefault(ForkJoinModel.DEFAULT_CALL_DEPTH));
        if (depth.value() < 0) {
            throw new IllegalArgumentException(depth.origin() + " must be 0 or more, not " + depth.value());
        }
        Setting<FailOn> failOn = pick(given.failOn(), file.failOn().map(f -> new Setting<>(f, "failOn" + inFile))
                .orElse(null), Setting.byDefault(Config.DEFAULT_FAIL_ON));
        Setting<Boolean> tests = pick(given.includeTests(), file.includeTests()
                .map(t -> new Setting<>(t, "includeTests" + inFile)).orElse(null), Setting.byDefault(false));
        Setting<Boolean> incomplete = pick(given.failOnIncomplete(), file.failOnIncomplete()
                .map(f -> new Setting<>(f, "failOnIncomplete" + inFile)).orElse(null), Setting.byDefault(true));
        return new Settings(file.file(), file.rules(given.rules()), file.severities(given.severities()),
                file.exclusions(), depth, javaLevels(given, file, inFile), failOn, tests, incomplete);
    }

    private static JavaLevels javaLevels(Explicit given, Config file, String inFile) {
        if (given.javaLevel() != null) {
            return JavaLevels.uniform(given.javaLevel().value(), given.javaLevel().origin());
        }
        // What javac is told in the host build is as explicit as a flag: it wins over the settings file.
        if (given.hostLevel() != null) {
            return JavaLevels.uniform(given.hostLevel());
        }
        if (file.javaLevel().isPresent()) {
            return JavaLevels.uniform(file.javaLevel().getAsInt(), "javaLevel" + inFile);
        }
        return JavaLevels.fromBuild(new JavaLevel(JavaLevel.DEFAULT, "default (no build file declares one)"));
    }

    /** The explicit value if given, else the settings file's, else the default. */
    private static <T> Setting<T> pick(Setting<T> explicit, Setting<T> inFile, Setting<T> byDefault) {
        return explicit != null ? explicit : inFile != null ? inFile : byDefault;
    }
}
