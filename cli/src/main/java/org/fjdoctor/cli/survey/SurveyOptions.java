package org.fjdoctor.cli.survey;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The options of a survey that every engine takes (a picocli mixin of {@code fjdoctor survey} and the Spark main class). */
public final class SurveyOptions {

    @Parameters(paramLabel = "MANIFEST", arity = "1",
            description = "The repositories: a CSV file with the header name,location,commit (location a local path,"
                    + " a git URL, a bare repository or a bundle; commit optional, default HEAD), or the same as a"
                    + " JSON array of {name, location, commit}.")
    public Path manifest;

    @Option(names = {"-o", "--output", "--out"}, paramLabel = "DIR", required = true,
            description = "Where the results go: repos/<name>.json per repository, summary.md, summary.html"
                    + " (created if missing).")
    public Path output;

    @Option(names = {"-r", "--rules"}, paramLabel = "RULE", split = ",",
            description = "Only these rules, by id or code (default: all).")
    public List<String> rules = new ArrayList<>();

    @Option(names = "--depth", paramLabel = "N", description = "Call depth of the scans (scan --depth).")
    public Integer depth;

    @Option(names = "--timeout", paramLabel = "TIME", defaultValue = "10m", converter = Durations.class,
            description = "Time limit of each repository's scan (and of its patches): 90s, 10m, 1h"
                    + " (default: ${DEFAULT-VALUE}). A scan over it is ended and recorded as timed out.")
    public Duration timeout;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g",
            description = "Heap cap of each repository's JVM, as -Xmx takes it: 512m, 2g (default: ${DEFAULT-VALUE})."
                    + " A scan that needs more is ended and recorded as out of memory.")
    public String heap;

    @Option(names = "--mirror", paramLabel = "DIR",
            description = "Clone https://github.com/OWNER/NAME from DIR/OWNER+NAME (a clone or bare repository, or"
                    + " the first bare repository below it) when that exists, instead of the network.")
    public Path mirror;

    @Option(names = "--patches",
            description = "Also write 'fjdoctor patch' output (SAFE fixes, one commit per rule, PULL_REQUEST.md) to"
                    + " DIR/patches/<name> for each repository with a SAFE fix.")
    public boolean patches;

    @Option(names = "--resume",
            description = "Skip repositories that already have their result in DIR/repos (same location and commit).")
    public boolean resume;

    /** A usage error in the values, or null. */
    public String error() {
        if (!heap.trim().toLowerCase(java.util.Locale.ROOT).matches("[1-9][0-9]*[kmg]?")) {
            return "--heap: '" + heap + "' is not a heap size (examples: 512m, 2g)";
        }
        if (mirror != null && !Files.isDirectory(mirror)) {
            return "--mirror: no such directory: " + mirror;
        }
        if (Files.exists(output) && !Files.isDirectory(output)) {
            return "--output: not a directory: " + output;
        }
        return null;
    }

    public SurveySettings settings() {
        return new SurveySettings(rules, depth, timeout.toMillis(), heap.trim(),
                mirror == null ? null : mirror.toAbsolutePath().toString(), patches);
    }
}
