package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * A survey's record of one repository ({@code repos/<name>.json}); the same whichever engine made it.
 *
 * @param commit          the commit the manifest asked for (null: HEAD)
 * @param revision        the commit that was scanned (null: a plain directory, or the checkout failed)
 * @param failure         why the repository has no scan result (checkout, timeout, out of memory, crash); null when scanned
 * @param buildSystem     {@link BuildSystem#of}
 * @param javaLevel       the level most files were analyzed at (from the scan's settings)
 * @param usage           the lexical fork/join census of the tree
 * @param rules           findings per rule id
 * @param problems        files the scan could not use
 * @param scanMillis      wall time of the scan's JVM
 * @param peakMemoryBytes the scan JVM's peak resident memory (peak heap where the system does not say)
 * @param patches         .patch files written with --patches (null without it)
 * @param patchFailure    why writing the patches failed
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record RepoResult(String name, String location, String commit, String revision, String failure,
                         String buildSystem, Integer javaLevel, ForkJoinUsage usage,
                         SortedMap<String, RuleCounts> rules, long problems, long scanMillis, long peakMemoryBytes,
                         Integer patches, String patchFailure) {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    public RepoResult {
        rules = new TreeMap<>(rules == null ? new TreeMap<>() : rules);
    }

    /** A repository that could not be scanned, with what is known about it. */
    static RepoResult failed(Manifest.Entry entry, String revision, String buildSystem, ForkJoinUsage usage,
                             long scanMillis, String reason) {
        return new RepoResult(entry.name(), entry.location(), entry.commit(), revision, reason, buildSystem, null,
                usage, new TreeMap<>(), 0, scanMillis, 0, null, null);
    }

    public boolean scanned() {
        return failure == null;
    }

    /** All of the repository's findings, all rules together. */
    public RuleCounts total() {
        return rules.values().stream().reduce(RuleCounts.ZERO, RuleCounts::plus);
    }

    /** This result without what differs from run to run (times and memory), to compare engines. */
    public RepoResult masked() {
        return new RepoResult(name, location, commit, revision, failure, buildSystem, javaLevel, usage, rules, problems,
                0, 0, patches, patchFailure);
    }

    public String toJson() {
        try {
            return MAPPER.writeValueAsString(this) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("a survey result could not be written as JSON", e);
        }
    }

    public static RepoResult fromJson(String json) throws IOException {
        return MAPPER.readValue(json, RepoResult.class);
    }
}
