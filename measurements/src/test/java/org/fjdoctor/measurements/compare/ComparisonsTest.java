package org.fjdoctor.measurements.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.measurements.runner.Measurement;
import org.fjdoctor.measurements.sampling.ForkRun;
import org.fjdoctor.measurements.sampling.Sample;
import org.junit.jupiter.api.Test;

public class ComparisonsTest {

    /** A fork with one warm-up iteration (wildly slow, must be ignored) and the given measured times. */
    public static ForkRun fork(String checksum, double[] joules, long bytes, long... millis) {
        List<Sample> samples = new ArrayList<>();
        samples.add(new Sample(0, true, 9_000_000_000L, 1, 1, 0, 0, joules, checksum));
        for (int i = 0; i < millis.length; i++) {
            samples.add(new Sample(i + 1, false, millis[i] * 1_000_000, millis[i] * 2_000_000, bytes, 1, 2, joules, checksum));
        }
        return new ForkRun("live-threads", joules == null ? "energy: unavailable (test)" : "energy: test",
                joules == null ? List.of() : List.of("package-0", "package-0/core", "dram"), samples);
    }

    @Test
    void poolsMeasuredIterationsOfAllForksAndRatiosMeans() {
        double[] before = {10, 8, 2};
        double[] after = {4, 3, 1};
        Comparison c = Comparisons.of(new Measurement(2,
                List.of(fork("checksum=1", before, 1000, 100, 110), fork("checksum=1", before, 1000, 90, 100)),
                List.of(fork("checksum=1", after, 250, 50, 55), fork("checksum=1", after, 250, 45, 50))));
        assertTrue(c.equivalent());
        assertEquals("same checksum=1", c.equivalence());
        assertEquals(4, c.before().wallMillis().n());
        assertEquals(100, c.before().wallMillis().mean(), 1e-9);
        assertEquals(50, c.after().wallMillis().mean(), 1e-9);
        assertEquals(2.0, c.speedup().estimate(), 1e-9);
        assertTrue(c.speedup().low() < 2 && c.speedup().high() > 2);
        assertEquals(0.75, c.allocationReduction().estimate(), 1e-9);
        // Total energy is package + DRAM (core is part of the package): 12 J before, 5 J after.
        assertEquals(12, c.before().energyJoules().mean(), 1e-9);
        assertEquals(5, c.after().energyJoules().mean(), 1e-9);
        assertEquals(1 - 5.0 / 12, c.energySaving().estimate(), 1e-9);
        assertEquals(8, c.before().energyByDomain().get("package-0/core").mean(), 1e-9);
    }

    @Test
    void refusesEveryRatioWhenChecksumsDiffer() {
        Comparison c = Comparisons.of(new Measurement(1, List.of(fork("checksum=1", null, 100, 10, 11)),
                List.of(fork("checksum=2", null, 10, 1, 1))));
        assertFalse(c.equivalent());
        assertEquals("outputs differ: original checksum=1, rewritten checksum=2", c.equivalence());
        assertNull(c.speedup());
        assertNull(c.allocationReduction());
        assertNull(c.energySaving());
        assertEquals("energy: unavailable (test)", c.energy());
    }

    @Test
    void refusesWhenAChecksumIsMissingOrVaries() {
        Comparison missing = Comparisons.of(new Measurement(1, List.of(fork("checksum=1", null, 1, 10, 11)),
                List.of(fork(null, null, 1, 10, 11))));
        assertEquals("outputs not compared: the rewritten program printed no checksum= line", missing.equivalence());
        assertNull(missing.speedup());

        Comparison varies = Comparisons.of(new Measurement(1,
                List.of(fork("checksum=1", null, 1, 10), fork("checksum=3", null, 1, 10)),
                List.of(fork("checksum=1", null, 1, 10, 11))));
        assertFalse(varies.equivalent());
        assertTrue(varies.equivalence().startsWith("outputs differ between iterations"), varies.equivalence());
        assertNotNull(varies.before());
    }
}
