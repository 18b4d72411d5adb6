package org.fjdoctor.analyzer;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata, kept on the rule class itself (as Error Prone keeps {@code @BugPattern} next to
 * its checker). Reports, SARIF rule descriptors and {@code --rules} all read it from here.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RuleInfo {
    /** Stable id used in reports, SARIF {@code ruleId}, suppressions and {@code --rules}. */
    String id();

    /** Catalog number, e.g. {@code FJ2}; also accepted by {@code --rules}. */
    String code();

    String title();

    Category category();

    Severity severity();

    /** One sentence: what the rule finds. */
    String description();

    /** Why it costs time and energy, and what to do instead; shown to users in reports. */
    String rationale();
}
