package org.fjdoctor.analyzer;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A rule's metadata, kept on the rule class itself (as Error Prone keeps {@code @BugPattern} next to
 * its checker). Reports, SARIF rule descriptors, {@code --rules} and the documentation pages all read it
 * from here.
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

    // For the rule's documentation page (docs/rules/<id>.md, written by 'fjdoctor docs'); optional.

    /** The published figures behind the rule, one finding per entry. */
    String[] figures() default {};

    /** Where {@link #figures()} come from. */
    String source() default "";

    /** A few lines of Java the rule reports. */
    String example() default "";

    /** {@link #example()} after the fix. */
    String fixedExample() default "";
}
