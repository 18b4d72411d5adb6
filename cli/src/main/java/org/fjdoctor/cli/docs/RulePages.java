package org.fjdoctor.cli.docs;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;

/**
 * Where the rule pages ({@code docs/rules/<id>.md}) are on this machine, so that a report's links open from
 * any directory: {@code <home>/docs/rules} of the installation the launchers name with
 * {@code -Dfjdoctor.home} (the distribution archive ships the pages there, a checkout keeps them there),
 * else beside the running jar's directory ({@code java -jar <home>/lib/fjdoctor.jar}); when neither holds
 * them, the repository-relative {@code docs/rules/}. Files on disk rather than a web address: the project
 * has no public site, and a local page always matches the running version.
 */
public final class RulePages {

    /** The system property the launchers set to the installation (or checkout) directory. */
    public static final String HOME_PROPERTY = "fjdoctor.home";

    private static final String RELATIVE = "docs/rules/";

    private RulePages() {
    }

    /** The directory the rule pages are in, ending with a separator, for {@code <id>.md} to be appended to. */
    public static String location() {
        return home().or(RulePages::besideTheJar)
                .map(dir -> dir.resolve("docs").resolve("rules"))
                .filter(Files::isDirectory)
                .map(dir -> dir.toAbsolutePath().normalize() + File.separator)
                .orElse(RELATIVE);
    }

    private static Optional<Path> home() {
        String home = System.getProperty(HOME_PROPERTY);
        return home == null || home.isBlank() ? Optional.empty() : Optional.of(Path.of(home));
    }

    /** {@code <home>} for a jar at {@code <home>/lib/fjdoctor.jar}. */
    private static Optional<Path> besideTheJar() {
        try {
            CodeSource source = RulePages.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return Optional.empty();
            }
            Path location = Path.of(source.getLocation().toURI());
            Path lib = location.getParent();
            return Files.isRegularFile(location) && lib != null ? Optional.ofNullable(lib.getParent()) : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return Optional.empty();
        }
    }
}
