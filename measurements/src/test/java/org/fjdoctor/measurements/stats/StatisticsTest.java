package org.fjdoctor.measurements.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Expected values computed by hand (and checked with a calculator), not by the code under test. */
class StatisticsTest {

    @Test
    void summaryOfFiveValues() {
        Summary s = Summary.of(new double[] {5, 1, 4, 2, 3});
        assertEquals(5, s.n());
        assertEquals(3.0, s.mean(), 1e-12);
        assertEquals(3.0, s.median(), 1e-12);
        assertEquals(Math.sqrt(2.5), s.stddev(), 1e-12);
        // t(0.975, 4) = 2.776; half width 2.776 * 1.58114 / sqrt(5) = 1.96293
        assertEquals(3 - 1.96293, s.ciLow(), 1e-4);
        assertEquals(3 + 1.96293, s.ciHigh(), 1e-4);
    }

    @Test
    void medianOfAnEvenCountAndOneValue() {
        assertEquals(2.5, Summary.of(new double[] {4, 1, 3, 2}).median(), 1e-12);
        Summary one = Summary.of(new double[] {7});
        assertEquals(7, one.mean());
        assertTrue(Double.isNaN(one.stddev()) && Double.isNaN(one.ciLow()));
        assertThrows(IllegalArgumentException.class, () -> Summary.of(new double[0]));
    }

    @Test
    void studentQuantiles() {
        assertEquals(12.706, StudentT.quantile975(1), 1e-9);
        assertEquals(2.228, StudentT.quantile975(10), 1e-9);
        assertEquals(2.228, StudentT.quantile975(10.9), 1e-9, "fractional df rounds down");
        assertEquals(2.021, StudentT.quantile975(40), 1e-3);
        assertEquals(1.962, StudentT.quantile975(1000), 1e-3);
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile975(0.5));
    }

    @Test
    void fiellerIntervalOfARatioOfMeans() {
        // a = {10, 12, 14}: mean 12, var of mean 4/3; b = {4, 5, 6}: mean 5, var of mean 1/3.
        // Welch df = (5/3)^2 / ((16/9)/2 + (1/9)/2) = 2.94 -> 2, t = 4.303; g = t^2 (1/3) / 25 = 0.246877.
        // half = t/5 * sqrt(4/3 (1 - g) + 2.4^2 / 3) = 1.471645; bounds (2.4 -+ half) / (1 - g).
        Interval r = Ratio.fieller(Summary.of(new double[] {10, 12, 14}), Summary.of(new double[] {4, 5, 6}));
        assertEquals(2.4, r.estimate(), 1e-12);
        assertEquals(1.232679, r.low(), 1e-5);
        assertEquals(5.140786, r.high(), 1e-5);
    }

    @Test
    void fiellerIsUnboundedWhenTheDenominatorCouldBeZero() {
        Interval r = Ratio.fieller(Summary.of(new double[] {10, 11, 12}), Summary.of(new double[] {-1, 1, 3}));
        assertFalse(r.bounded());
        assertEquals(11, r.estimate(), 1e-12);
    }

    @Test
    void identicalValuesGiveAPointInterval() {
        Interval r = Ratio.fieller(Summary.of(new double[] {6, 6}), Summary.of(new double[] {3, 3}));
        assertEquals(new Interval(2, 2, 2), r);
        Interval reduction = new Interval(0.25, 0.2, 0.4).oneMinus();
        assertEquals(0.75, reduction.estimate(), 1e-12);
        assertEquals(0.6, reduction.low(), 1e-12);
        assertEquals(0.8, reduction.high(), 1e-12);
    }
}
