package org.fjdoctor.analyzer;

import java.util.List;

import org.fjdoctor.analyzer.api.Location;

/**
 * One occurrence of a bug pattern.
 *
 * @param member      the enclosing type and member ({@code pkg.Type#method(int[],int)}), part of the
 *                    fingerprint so that findings survive edits elsewhere in the file
 * @param fingerprint stable across unrelated edits and line shifts; used for baselines and SARIF
 */
public record Finding(String ruleId, Severity severity, String message, Location location,
                      List<RelatedLocation> related, String member, String fingerprint) {

    public Finding {
        related = List.copyOf(related);
    }

    /** Whether the finding is in test sources, reported apart as a note (see {@code Analyzer.Options.withTests}). */
    public boolean inTestCode() {
        return message.startsWith(Analyzer.TEST_CODE);
    }
}
