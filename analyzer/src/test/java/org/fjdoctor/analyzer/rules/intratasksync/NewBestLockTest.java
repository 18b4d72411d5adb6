package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A private synchronized method of the shared search that tasks call only when they find a new best value, in a
 * branch that tightens the bound it compared against ({@code if (length < bound) { bound = length;
 * record(..); }}), is taken once per record, not per element. Called where the branch leaves the bound alone, it
 * is taken for every element that passes the test and stays a finding.
 */
class NewBestLockTest {

    private static String search(String branch, String marker) {
        return """
                package p;
                import java.util.concurrent.*;
                class Search {
                    private int best = Integer.MAX_VALUE;
                    private synchronized void record(int length) { MARKER
                        if (length < best) {
                            best = length;
                        }
                    }
                    int run(int[] lengths) {
                        ForkJoinPool.commonPool().invoke(new Part(lengths, 0, lengths.length));
                        return best;
                    }
                    class Part extends RecursiveAction {
                        final int[] lengths;
                        final int from, to;
                        Part(int[] lengths, int from, int to) { this.lengths = lengths; this.from = from; this.to = to; }
                        @Override
                        protected void compute() {
                            if (to - from < 100) {
                                int bound = Integer.MAX_VALUE;
                                for (int i = from; i < to; i++) {
                                    if (lengths[i] < bound) {
                                        BRANCH
                                    }
                                }
                                return;
                            }
                            int mid = (from + to) >>> 1;
                            invokeAll(new Part(lengths, from, mid), new Part(lengths, mid, to));
                        }
                    }
                }
                """.replace("MARKER", marker).replace("BRANCH", branch);
    }

    @Test
    void aLockTakenOnlyWhenATaskFindsANewBestIsNotAFinding() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Search.java",
                search("bound = lengths[i];\n record(bound);", "")).check();
    }

    @Test
    void theSameLockInABranchThatLeavesTheBoundAloneStaysAFinding() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Search.java",
                search("record(lengths[i]);", "// expect: intra-task-sync \"enclosing Search object\"")).check();
    }
}
