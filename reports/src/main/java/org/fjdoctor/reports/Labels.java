package org.fjdoctor.reports;

import java.util.Locale;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.api.FileProblem;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.refactorings.Fix;

/** The spellings every report uses for enum values, so text, JSON and SARIF agree. */
final class Labels {

    private Labels() {
    }

    /** {@code warning} */
    static String severity(Severity severity) {
        return severity.name().toLowerCase(Locale.ROOT);
    }

    /** {@code data-management} */
    static String category(Category category) {
        return slug(category.name());
    }

    /** {@code syntax-error} */
    static String kind(FileProblem.Kind kind) {
        return slug(kind.name());
    }

    /** {@code copy-on-fork} -> {@code CopyOnFork} (SARIF's reportingDescriptor.name). */
    static String pascalCase(String id) {
        StringBuilder name = new StringBuilder();
        for (String part : id.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) {
                name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return name.toString();
    }

    /** {@code SAFE: Invoke the task directly: right.invoke(). ForkJoinPool.invoke(task) returns ..}: safety, title, why. */
    static String fixDescription(Fix fix) {
        String title = fix.title().strip();
        boolean ends = title.endsWith(".") || title.endsWith("!") || title.endsWith("?");
        return fix.safety().name() + ": " + title + (ends ? " " : ". ") + fix.why().strip();
    }

    static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    private static String slug(String enumName) {
        return enumName.toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
