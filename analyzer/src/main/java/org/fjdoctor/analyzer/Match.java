package org.fjdoctor.analyzer;

/**
 * What a rule matched, as typed model elements, handed to the refactorings of its finding so that they
 * read the match instead of re-deriving it or parsing the message (as Error Prone hands a checker its
 * tree). Each rule declares its match kinds as records next to it, e.g. a copy call with its slice
 * bounds, a fork loop with its join loop, a blocking call with its call path.
 *
 * <p>A match refers to the Spoon model it was found in, so it lives in {@link Analyzer.Analysis} next to
 * its finding ({@link Analyzer.Analysis#matchOf}), while {@link Finding} stays a plain value that reports,
 * baselines and the IDE can keep without holding a model alive.
 */
public interface Match {
}
