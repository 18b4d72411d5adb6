package org.fjdoctor.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.isolation.Parallelism;
import org.fjdoctor.analyzer.source.SourceSet;
import org.junit.jupiter.api.Test;

/** The corpus scanned on one thread and on four: the same findings and problems, in the same order. */
class ParallelScanTest {

    @Test
    void oneThreadAndFourGiveTheSameReport() throws Exception {
        List<String> one = report(1);
        List<String> four = report(4);
        assertFalse(one.isEmpty());
        assertEquals(one, four);
    }

    private static List<String> report(int threads) throws Exception {
        System.setProperty(Parallelism.THREADS, Integer.toString(threads));
        try {
            ScanResult result = new Analyzer().scan(SourceSet.of(List.of(CorpusFindingsTest.PROGRAMS)),
                    Analyzer.Options.defaults());
            return Stream.concat(
                    result.findings().stream().map(f -> f.location().display() + " " + f.ruleId() + " "
                            + f.fingerprint() + " " + f.message()),
                    result.problems().stream().map(p -> p.relativePath() + " " + p.kind() + " " + p.message()))
                    .toList();
        } finally {
            System.clearProperty(Parallelism.THREADS);
        }
    }
}
