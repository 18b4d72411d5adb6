package org.fjdoctor.analyzer;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fjdoctor.analyzer.rules.sleepyworker.SleepyWorkerRule;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The harness itself must fail on a missing, an extra and a misworded finding. */
class RuleTesterTest {

    private static final String SLEEPY = """
            package p;

            import java.util.concurrent.RecursiveAction;

            class Poll extends RecursiveAction {
                @Override
                protected void compute() {
                    try {
                        Thread.sleep(5);%s
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            """;

    @Test
    void passesWhenTheMarkersMatch() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Poll.java", SLEEPY.formatted(" // expect: sleepy-worker \"Thread.sleep\""))
                .check();
    }

    @Test
    void failsOnAMissingFinding() {
        String unmarked = SLEEPY.formatted("");
        AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> RuleTester.of(SleepyWorkerRule.class).source("p/Poll.java", unmarked).check());
        assertTrue(error.getMessage().contains("unexpected sleepy-worker at p/Poll.java:9"), error.getMessage());
    }

    @Test
    void failsOnAnExtraMarker() {
        String marked = SLEEPY.formatted(" // expect: sleepy-worker").replace("RecursiveAction {", "RecursiveAction { // expect: sleepy-worker");
        AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> RuleTester.of(SleepyWorkerRule.class).source("p/Poll.java", marked).check());
        assertTrue(error.getMessage().contains("missing sleepy-worker at p/Poll.java:5"), error.getMessage());
        assertTrue(error.getMessage().contains("FOCUSED") && error.getMessage().contains("FULL"), error.getMessage());
    }

    @Test
    void failsOnAMessageWithoutItsFragment() {
        String marked = SLEEPY.formatted(" // expect: sleepy-worker \"no such words\"");
        AssertionFailedError error = assertThrows(AssertionFailedError.class,
                () -> RuleTester.of(SleepyWorkerRule.class).source("p/Poll.java", marked).check());
        assertTrue(error.getMessage().contains("lacks \"no such words\""), error.getMessage());
    }

    @Test
    void refusesAMarkerForAnotherRule() {
        String marked = SLEEPY.formatted(" // expect: copy-on-fork");
        assertThrows(IllegalArgumentException.class,
                () -> RuleTester.of(SleepyWorkerRule.class).source("p/Poll.java", marked).check());
    }
}
