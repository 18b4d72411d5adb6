package org.fjdoctor.cli.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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
    void slowScansShowTheCurrentPhaseThenEveryNewOne() {
        StringWriter err = new StringWriter();
        long[] now = {5_000_000_000L};
        DelayedProgress progress = new DelayedProgress(new PrintWriter(err), () -> now[0]);
        progress.phase("reading sources");
        now[0] += 40_000_000L;
        progress.phase("building the model");
        now[0] += 500_000_000L;
        progress.becomeVisible();
        now[0] += 2_000_000_000L;
        progress.phase("running 6 rules");
        progress.close();
        progress.phase("after the end");
        progress.becomeVisible();
        String shown = err.toString().replace("\r\n", "\n");
        assertEquals("fjdoctor: [0.0 s] building the model\nfjdoctor: [2.5 s] running 6 rules\n", shown);
    }

    @Test
    void nothingIsShownBeforeTheDelayHasPassed() {
        StringWriter err = new StringWriter();
        long[] now = {0L};
        DelayedProgress progress = new DelayedProgress(new PrintWriter(err), () -> now[0]);
        progress.phase("reading sources");
        now[0] += 60_000_000_000L;
        progress.phase("building the model");
        progress.close();
        assertEquals("", err.toString());
    }

    @Test
    void quietMeansNoProgress() {
        assertSame(Analyzer.Progress.NONE, DelayedProgress.start(new PrintWriter(new StringWriter()), Duration.ZERO, true));
    }
}
