package org.fjdoctor.analyzer;

import java.util.List;

import org.fjdoctor.analyzer.api.Location;

/**
 * One occurrence of a bug pattern.
 *
 * @param member      the enclosing type and member ({@code pkg.Type#method(int[],int)}), part of the
 *                    fingerprint so that findings survive edits elsewhere in the file
 * @param fingerprint stable across unrelated edits and line shifts; used for baselines and SARIF
 * @param inTestCode  whether the finding is in test sources ({@code TestSources}) or in main code reached only
 *                    from them: such findings are reported only when tests are included
 *                    ({@code Analyzer.Options.withTests}), and every report counts them apart
 */
public record Finding(String ruleId, Severity severity, String message, Location location,
                      List<RelatedLocation> related, String member, String fingerprint, boolean inTestCode) {

    public Finding {
        related = List.copyOf(related);
    }
}
