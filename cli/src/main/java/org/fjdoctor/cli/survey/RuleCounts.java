package org.fjdoctor.cli.survey;

/**
 * One rule's findings in one repository: in main and in test code, and how many of them have a SAFE
 * fix, a REVIEW fix at best, or no fix.
 */
public record RuleCounts(long main, long test, long safe, long review, long none) {

    public static final RuleCounts ZERO = new RuleCounts(0, 0, 0, 0, 0);

    public long findings() {
        return main + test;
    }

    public RuleCounts plus(RuleCounts other) {
        return new RuleCounts(main + other.main, test + other.test, safe + other.safe, review + other.review,
                none + other.none);
    }
}
