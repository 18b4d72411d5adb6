package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

import org.fjdoctor.analyzer.Analyzer;
import org.junit.jupiter.api.Test;

class DelayedProgressTest {

    @Test
    void quickScansPrintNothing() {
        StringWriter err = new StringWriter();
        Analyzer.Progress progress = DelayedProgress.start(new PrintWriter(err), Duration.ofHours(1), false);
        progress.phase("reading sources");
        progress.phase("running 6 rules");
        DelayedProgress.stop(progress);
        assertEquals("", err.toString());
    }

    @Test
    void slowScansShowTheCurrentPhaseThenEveryNewOne() throws InterruptedException {
        StringWriter err = new StringWriter();
        Analyzer.Progress progress = DelayedProgress.start(new PrintWriter(err), Duration.ofMillis(50), false);
        progress.phase("reading sources");
        progress.phase("building the model");
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (err.toString().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        progress.phase("running 6 rules");
        DelayedProgress.stop(progress);
        progress.phase("after the end");
        String shown = err.toString().replace("\r\n", "\n");
        assertTrue(shown.matches("fjdoctor: \\[0\\.0 s] building the model\nfjdoctor: \\[\\d+\\.\\d s] running 6 rules\n"), shown);
    }

    @Test
    void quietMeansNoProgress() {
        assertSame(Analyzer.Progress.NONE, DelayedProgress.start(new PrintWriter(new StringWriter()), Duration.ZERO, true));
    }
}
