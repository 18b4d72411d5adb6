package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.fjdoctor.refactorings.pipeline.AtomicFile;

/**
 * A survey's output directory: {@code repos/<name>.json} per repository (written whole, so a survey
 * stopped half-way leaves only finished ones), {@code work/<name>} while a repository is being surveyed,
 * {@code patches/<name>} with --patches, {@code runs.jsonl} (the runs whose results are here) and the summaries.
 */
public final class SurveyDirectory {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path root;

    public SurveyDirectory(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path scratch(Manifest.Entry entry) {
        return root.resolve("work").resolve(entry.name());
    }

    public Path patches(Manifest.Entry entry) {
        return root.resolve("patches").resolve(entry.name());
    }

    private Path resultFile(String name) {
        return root.resolve("repos").resolve(name + ".json");
    }

    /** The result an earlier run recorded for this very entry (same location and commit), for --resume. */
    public Optional<RepoResult> finished(Manifest.Entry entry) {
        Path file = resultFile(entry.name());
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            RepoResult result = RepoResult.fromJson(Files.readString(file, StandardCharsets.UTF_8));
            boolean same = result.name().equals(entry.name()) && result.location().equals(entry.location())
                    && Objects.equals(result.commit(), entry.commit());
            return same ? Optional.of(result) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // unreadable: survey it again
        }
    }

    public void write(RepoResult result) throws IOException {
        Path file = resultFile(result.name());
        Files.createDirectories(file.getParent());
        AtomicFile.write(file, writer -> writer.write(result.toJson()));
    }

    /** The recorded results of these entries, in manifest order (entries without one are left out). */
    public List<RepoResult> results(List<Manifest.Entry> entries) {
        List<RepoResult> results = new ArrayList<>();
        for (Manifest.Entry entry : entries) {
            finished(entry).ifPresent(results::add);
        }
        return results;
    }

    /**
     * Records this run beside its results; all the runs whose results are here, this one last. A run
     * without --resume surveys everything again, so the runs before it no longer count.
     */
    public List<SurveyRun> recordRun(SurveyRun run, boolean resume) throws IOException {
        Path file = root.resolve("runs.jsonl");
        List<SurveyRun> runs = new ArrayList<>();
        if (resume && Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                try {
                    runs.add(MAPPER.readValue(line, SurveyRun.class));
                } catch (IOException e) {
                    // a line this version cannot read: that run goes unrecorded
                }
            }
        }
        runs.add(run);
        StringBuilder lines = new StringBuilder();
        for (SurveyRun each : runs) {
            lines.append(MAPPER.writeValueAsString(each)).append('\n');
        }
        AtomicFile.write(file, writer -> writer.write(lines.toString()));
        return List.copyOf(runs);
    }

    /** The work directories are scratch space; none is left once the survey ends. */
    public void removeScratch() {
        RepoSurvey.deleteTree(root.resolve("work"));
    }
}
