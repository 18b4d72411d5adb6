package org.fjdoctor.cli.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.fjdoctor.cli.Cli;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.measurements.energy.Detection;
import org.fjdoctor.measurements.energy.EnergyMeters;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasureCommandTest {

    static final Path LOCKED_CANVAS = Path.of("../corpus/src/main/java/corpus/intratasksync/positive/lockedcanvasbench");

    @TempDir
    Path dir;

    @Test
    void measuresACorpusWorkloadRewrittenAtMeasureTime() throws IOException {
        Path corpus = dir.resolve("corpus");
        Path program = Files.createDirectories(corpus.resolve("lockedcanvasbench"));
        try (Stream<Path> files = Files.list(LOCKED_CANVAS)) {
            for (Path file : files.toList()) {
                Files.copy(file, program.resolve(file.getFileName()));
            }
        }
        Path out = dir.resolve("out");
        Cli.Result result = Cli.run("measure", corpus.toString(), "--forks", "1", "--warmup", "1", "--iterations", "2",
                "--threads", "2", "--heap", "256m", "--workload-args", "lockedcanvasbench=64 2", "--out", out.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("| lockedcanvasbench | 2 | "), result::toString);
        assertTrue(result.err().contains("fjdoctor measure: lockedcanvasbench: 2 thread(s), fork 1/1"), result::toString);

        JsonNode json = new ObjectMapper().readTree(out.resolve("measure.json").toFile());
        assertEquals("fjdoctor-measure/1", json.get("format").asText());
        JsonNode workload = json.get("workloads").get(0);
        assertEquals("lockedcanvasbench", workload.get("name").asText());
        assertEquals("intra-task-sync", workload.get("group").asText());
        assertEquals("SAFE intra-task-sync: Remove the redundant lock around setPixel(..)",
                workload.get("changes").get(0).asText());
        JsonNode run = workload.get("results").get(0);
        assertEquals(2, run.get("threads").asInt());
        assertTrue(run.get("sameOutput").asBoolean(), run::toString);
        assertTrue(run.get("outputs").asText().startsWith("same checksum="), run::toString);
        assertEquals(2, run.get("original").get("wallMillis").get("n").asInt());
        assertTrue(run.get("speedup").get("estimate").asDouble() > 0, run::toString);
        assertEquals(json.get("summary").get(0).get("workload").asText(), "lockedcanvasbench");

        Detection energy = EnergyMeters.detect();
        if (energy.isAvailable()) {
            assertTrue(run.get("original").get("energyJoules").get("mean").isNumber(), run::toString);
        } else {
            // This machine: no powercap tree and no msr device, so the reason, and no number, is reported.
            assertEquals(energy.describe(), run.get("energy").asText());
            assertTrue(run.get("original").get("energyJoules").isNull());
            assertTrue(result.out().contains(energy.describe()), result::toString);
        }

        String md = Files.readString(out.resolve("measure.md"));
        assertTrue(md.contains("| lockedcanvasbench | 2 | "), md);
        assertTrue(md.contains("SAFE intra-task-sync: Remove the redundant lock around setPixel(..)"), md);
        assertTrue(md.contains("command: `fjdoctor measure " + corpus + " --forks 1"), md);
        assertTrue(md.contains("--workload-args 'lockedcanvasbench=64 2' --out"), md);
        try {
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(out.resolve("measure.svg").toFile());
        } catch (Exception e) {
            throw new AssertionError("measure.svg is not well-formed", e);
        }
    }

    /** Tiny before/after sources given as directories (program mode compiles them). */
    private Path program(String name, String body) {
        Path root = dir.resolve(name);
        SourceTrees.write(root.resolve("demo/Main.java"), """
                package demo;
                public class Main {
                    public static void main(String[] args) {
                        long n = Long.parseLong(args[0]);
                        %s
                        System.out.println("checksum=" + sum);
                    }
                }
                """.formatted(body));
        return root;
    }

    @Test
    void programModeRefusesASpeedupWhenChecksumsDiffer() throws IOException {
        Path before = program("before", "long sum = 0; for (long i = 0; i < n; i++) { sum += i; }");
        Path after = program("after", "long sum = n * (n - 1) / 2 + 1;");
        Path out = dir.resolve("out");
        Cli.Result result = Cli.run("measure", "--before", before.toString(), "--after", after.toString(), "--main",
                "demo.Main", "--program-args", "1000", "--forks", "1", "--warmup", "0", "--iterations", "2",
                "--threads", "1", "--heap", "default", "--quiet", "--out", out.toString());
        assertEquals(ExitCodes.OK, result.exit(), result::toString);
        assertTrue(result.out().contains("| Main | 1 | "), result::toString);
        assertTrue(result.out().contains("refused (outputs differ)"), result::toString);
        assertTrue(result.out().contains("outputs differ: original checksum=499500, rewritten checksum=499501"),
                result::toString);
        assertEquals("", result.err(), "--quiet");
        JsonNode row = new ObjectMapper().readTree(out.resolve("measure.json").toFile()).get("summary").get(0);
        assertTrue(row.get("speedup").isNull(), row::toString);
        assertEquals(false, row.get("sameOutput").asBoolean());
    }

    @Test
    void badInputIsAUsageError() throws IOException {
        Path out = dir.resolve("out");
        String[][] bad = {
            {"measure"},
            {"measure", dir.toString(), "--before", dir.toString(), "--after", dir.toString(), "--main", "A"},
            {"measure", "--before", dir.toString(), "--main", "A"},
            {"measure", dir.resolve("missing").toString()},
            {"measure", dir.toString(), "--forks", "0"},
            {"measure", dir.toString(), "--threads", "0"},
            {"measure", dir.toString(), "--gc", "fast"},
            {"measure", dir.toString(), "--heap", "lots"},
            {"measure", dir.toString(), "--scale", "-1"},
            {"measure", dir.toString(), "--iterations", "many"},
            {"measure", dir.toString(), "--workload-args", "nosuch=1"},
            {"measure", dir.toString(), "--program-args", "1"},
            {"measure", "--before", dir.toString(), "--after", dir.toString(), "--main", "A", "--scale", "2"},
            {"measure", dir.toString()},
        };
        for (String[] args : bad) {
            String[] withOut = java.util.Arrays.copyOf(args, args.length + 2);
            withOut[args.length] = "--out";
            withOut[args.length + 1] = out.toString();
            Cli.Result result = Cli.run(withOut);
            assertEquals(ExitCodes.USAGE, result.exit(), () -> String.join(" ", args) + "\n" + result);
            assertTrue(!result.err().isBlank(), () -> String.join(" ", args) + "\n" + result);
        }
        // picocli reports a description it cannot format (an unescaped %) on System.err, not the command's writer.
        java.io.PrintStream systemErr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        Cli.Result help;
        try {
            System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
            help = Cli.run("measure", "--help");
        } finally {
            System.setErr(systemErr);
        }
        assertEquals(ExitCodes.OK, help.exit());
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8), "help formats cleanly");
        for (String option : new String[] {"--forks", "--warmup", "--iterations", "--threads", "--heap", "--gc", "--scale",
            "--workload-args", "--workloads", "--out", "--before", "--after", "--main", "Fieller", "energy: unavailable"}) {
            assertTrue(help.out().contains(option), option + " in\n" + help.out());
        }
    }
}
