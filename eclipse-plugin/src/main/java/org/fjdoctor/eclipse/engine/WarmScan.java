package org.fjdoctor.eclipse.engine;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.engine.Engine;

/**
 * The builder's warm analysis of one project: a {@link Engine} opened once, kept across builds and told
 * which files changed, with the markers of the last analysis kept by file so that a build replaces only the
 * markers of files whose findings changed. An edit the engine answers without a new model (a file outside
 * the analysed scope) costs milliseconds and changes no marker. Plain Java, so tests run it without Eclipse.
 */
public final class WarmScan implements AutoCloseable {

    /**
     * What one build changed.
     *
     * @param outcome what the engine did
     * @param files   the new markers of each file whose markers changed (an empty list: none left there)
     */
    public record Delta(Engine.Outcome outcome, Map<Path, List<EngineScan.MarkerSpec>> files) {
        public Delta {
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        }
    }

    private final ProjectSetup setup;
    private final Engine engine;
    private SeverityMapping severities;
    private Map<Path, List<EngineScan.MarkerSpec>> markers;
    private int rebuilds;

    private WarmScan(ProjectSetup setup, Engine engine, SeverityMapping severities) {
        this.setup = setup;
        this.engine = engine;
        this.severities = severities;
        this.markers = byFile(EngineScan.markers(engine.analysis(), severities));
    }

    /**
     * Builds the first model of the project (the cost of a cold scan).
     *
     * @throws NoSuchFileException when a source folder does not exist
     */
    public static WarmScan open(ProjectSetup setup, SeverityMapping severities) throws NoSuchFileException {
        return new WarmScan(setup, Engine.open(setup.sourceSet(), setup.options()), severities);
    }

    /** What the engine was opened with: a build with another setup needs a new one. */
    public ProjectSetup setup() {
        return setup;
    }

    /** The markers of the current analysis, by file, in the order a cold scan gives them. */
    public synchronized Map<Path, List<EngineScan.MarkerSpec>> markers() {
        return Collections.unmodifiableMap(markers);
    }

    /** The current analysis: model, texts and findings (for tools that ask what the model holds). */
    public Analyzer.Analysis analysis() {
        return engine.analysis();
    }

    /** How many updates built the model again since it was opened. */
    public synchronized int rebuilds() {
        return rebuilds;
    }

    /**
     * Reads {@code changedFiles} from disk again (saved, created or deleted files; files outside the source
     * folders are ignored) and brings the markers up to date.
     *
     * @param severities the preferences' mapping now: when it changed, every marker is made again
     * @throws NoSuchFileException when a source folder no longer exists
     */
    public synchronized Delta update(Collection<Path> changedFiles, SeverityMapping severities)
            throws NoSuchFileException {
        Engine.Update update = engine.update(changedFiles.stream().map(Engine.Change::onDisk).toList());
        if (update.outcome() == Engine.Outcome.REBUILT) {
            rebuilds++;
        }
        // A kept model keeps every finding, and those lie in files the edit did not touch: no marker changes.
        boolean sameFindings = update.outcome() == Engine.Outcome.UNCHANGED
                || update.outcome() == Engine.Outcome.KEPT_MODEL;
        if (sameFindings && severities.equals(this.severities)) {
            return new Delta(update.outcome(), Map.of());
        }
        this.severities = severities;
        Map<Path, List<EngineScan.MarkerSpec>> next = byFile(EngineScan.markers(engine.analysis(), severities));
        Set<Path> files = new LinkedHashSet<>(markers.keySet());
        files.addAll(next.keySet());
        Map<Path, List<EngineScan.MarkerSpec>> changed = new LinkedHashMap<>();
        for (Path file : files) {
            List<EngineScan.MarkerSpec> now = next.getOrDefault(file, List.of());
            if (!Objects.equals(markers.getOrDefault(file, List.of()), now)) {
                changed.put(file, now);
            }
        }
        markers = next;
        return new Delta(update.outcome(), changed);
    }

    /** Lets go of the model. */
    @Override
    public void close() {
        engine.close();
    }

    private static Map<Path, List<EngineScan.MarkerSpec>> byFile(EngineScan.Result result) {
        Map<Path, List<EngineScan.MarkerSpec>> byFile = new LinkedHashMap<>();
        for (EngineScan.MarkerSpec marker : result.markers()) {
            byFile.computeIfAbsent(marker.file(), f -> new ArrayList<>()).add(marker);
        }
        byFile.replaceAll((file, list) -> List.copyOf(list));
        return byFile;
    }
}
