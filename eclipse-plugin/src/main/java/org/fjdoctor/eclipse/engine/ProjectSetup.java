package org.fjdoctor.eclipse.engine;

import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.SettingsResolver;
import org.fjdoctor.analyzer.source.JavaLevel;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * What one project is analysed with: its source folders, classpath, charset and Java level as the workspace
 * reports them, its {@code .fjdoctor.yml}, and the rules the preferences switch off. Two equal setups give
 * the same analysis of the same texts, so a warm engine opened with one serves the other.
 *
 * @param encoding      the project's charset, or {@code null} for UTF-8 with a Latin-1 fallback
 * @param hostLevel     the level the project's Java compiler settings name, or {@code null} where the workspace
 *                      names none (then the settings file and the build files decide)
 * @param config        the project's {@code .fjdoctor.yml}: rules, severities, exclusions, depth, Java level
 * @param disabledRules rule ids the preferences switch off
 */
public record ProjectSetup(List<Path> roots, List<Path> classpath, Charset encoding, JavaLevel hostLevel,
                           Config config, Set<String> disabledRules) {

    public ProjectSetup {
        roots = List.copyOf(roots);
        classpath = List.copyOf(classpath);
        disabledRules = Set.copyOf(disabledRules);
    }

    /** The source folders alone, no classpath and no level from the workspace: what a plain project gives. */
    public static ProjectSetup of(List<Path> roots, Charset encoding, Settings preferences, Config config) {
        return new ProjectSetup(roots, List.of(), encoding, null, config, preferences.disabledRules());
    }

    /** The effective settings, resolved where every front end resolves them: the host's level wins over the file's. */
    private org.fjdoctor.analyzer.config.Settings effective() {
        SettingsResolver.Explicit given = SettingsResolver.Explicit.none();
        return SettingsResolver.resolve(hostLevel == null ? given : given.withHostLevel(hostLevel), config);
    }

    public SourceSet sourceSet() {
        return effective().applyTo(SourceSet.of(roots).withClasspath(classpath).withEncoding(encoding));
    }

    public Analyzer.Options options() {
        return effective().applyTo(Analyzer.Options.defaults())
                .withRules(Settings.rules(config, disabledRules));
    }
}
