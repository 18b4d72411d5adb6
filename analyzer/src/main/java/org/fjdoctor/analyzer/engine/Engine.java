package org.fjdoctor.analyzer.engine;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.fjdoctor.analyzer.Analyzer;
import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.ScanResult;
import org.fjdoctor.analyzer.WarmAnalysis;
import org.fjdoctor.analyzer.isolation.LargeStack;
import org.fjdoctor.analyzer.scope.OutsideEdits;
import org.fjdoctor.analyzer.source.SourceCollector;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.source.SourceSet;

/**
 * A warm analysis of one source set: it keeps the sources, the model, the call graph and the findings in
 * memory and, after edits, redoes only what the edits can affect. Its findings after any update equal a
 * cold {@link Analyzer} scan of the same texts.
 *
 * <p>What an edit costs: an edit of a file that the focused scope left out, and that cannot bring it in or
 * change the scope's other inputs ({@link OutsideEdits}), keeps the model and the findings; an edit inside
 * the bodies of one file of the main model replaces that file's unit in the model and finds task code and
 * the findings again ({@link WarmAnalysis#afterBodyEdit}), where the result is what a cold scan gives; any
 * other edit (declarations changed, several files, a new or deleted file, a change of the problems reading
 * the tree gives) rebuilds the model from the texts in memory, as a cold scan would. A change that asks for the disk walks
 * the tree again but reads only the files it names and those whose modification time or size moved.
 *
 * <p>Texts of unsaved editor buffers are given with {@link Change#edited}; they stand in for the file on disk
 * until {@link Change#onDisk} says the disk is to be read again (saved, closed, created or deleted). Every
 * method is safe to call from any thread; updates run one at a time.
 */
public final class Engine implements AutoCloseable {

    /**
     * One changed file.
     *
     * @param text the buffer's text, or {@code null} to take what is on disk now
     */
    public record Change(Path file, String text) {
        public Change {
            file = file.toAbsolutePath().normalize();
        }

        /** An unsaved buffer's text, which stands in for the file until it is {@link #onDisk}. */
        public static Change edited(Path file, String text) {
            return new Change(file, Objects.requireNonNull(text, "text"));
        }

        /** The file as it is on disk now (saved, reverted, created or deleted). */
        public static Change onDisk(Path file) {
            return new Change(file, null);
        }
    }

    /** What an update did. */
    public enum Outcome {
        /** No text changed. */
        UNCHANGED,
        /** Only files outside the model changed, in ways that cannot change a finding: the model was kept. */
        KEPT_MODEL,
        /**
         * One file of the model changed inside its bodies: its unit was replaced in the model, and task code and
         * the findings were found again.
         */
        REPLACED_UNIT,
        /** The model was built again. */
        REBUILT
    }

    /**
     * @param changed the files whose text changed, appeared or disappeared
     * @param millis  how long the update took
     */
    public record Update(Outcome outcome, List<Path> changed, long millis) {
        public Update {
            changed = List.copyOf(changed);
        }
    }

    private final Analyzer analyzer = new Analyzer();
    private final SourceSet sourceSet;
    private final Analyzer.Options options;
    private final Map<Path, String> buffers = new HashMap<>();
    private SourceCollector.Collected collected;
    /** What the last walk of the disk read, buffers aside: the next walk reads only what changed since. */
    private SourceCollector.Snapshot onDisk;
    private Analyzer.Analysis analysis;
    /** The analysis with what an edit inside one model file's bodies needs; null after such an edit was declined. */
    private WarmAnalysis warm;
    /**
     * What the last rebuild made: edits inside bodies keep its models, so their class loaders are closed when the
     * next rebuild or {@link #close} lets them go ({@link WarmAnalysis#releaseModels}), not when they are collected.
     */
    private WarmAnalysis built;
    private OutsideEdits outside;
    private boolean closed;

    private Engine(SourceSet sourceSet, Analyzer.Options options) {
        this.sourceSet = sourceSet;
        this.options = options;
    }

    /**
     * Reads the source set and builds the first model (the cost of a cold scan).
     *
     * @throws NoSuchFileException when a root does not exist
     */
    public static Engine open(SourceSet sourceSet, Analyzer.Options options) throws NoSuchFileException {
        Engine engine = new Engine(sourceSet, options);
        options.progress().phase("reading sources");
        engine.onDisk = SourceCollector.collect(sourceSet, SourceCollector.Snapshot.NONE, Set.of());
        engine.rebuild(engine.onDisk.collected());
        return engine;
    }

    /**
     * Takes in changed files and brings the findings up to date.
     *
     * @throws NoSuchFileException when a change asks for the disk and a root no longer exists
     */
    public synchronized Update update(Collection<Change> changes) throws NoSuchFileException {
        ensureOpen();
        long start = System.nanoTime();
        Map<Path, SourceFile> before = byPath(collected.files());
        boolean reread = false;
        Set<Path> saved = new HashSet<>();
        for (Change change : changes) {
            if (!underRoots(change.file())) {
                continue; // not part of the source set: an editor may report any file it has open
            }
            if (change.text() == null) {
                buffers.remove(change.file());
                saved.add(change.file());
                reread = true;
            } else {
                buffers.put(change.file(), change.text());
                // A buffer of a file not read yet (created since) is only known once the tree is walked again.
                reread |= !before.containsKey(change.file());
            }
        }
        if (reread) {
            // The walk reads only the files whose stamp moved and those the changes name.
            onDisk = SourceCollector.collect(sourceSet, onDisk, saved);
        }
        SourceCollector.Collected next = withBuffers(onDisk.collected());
        Map<Path, SourceFile> after = byPath(next.files());
        List<Path> changed = changedFiles(before, after);
        boolean sameProblems = next.problems().equals(collected.problems());
        Outcome outcome;
        if (changed.isEmpty() && sameProblems) {
            outcome = Outcome.UNCHANGED;
        } else if (sameProblems && before.keySet().equals(after.keySet())
                && changed.stream().allMatch(file -> outside.cannotMatter(after.get(file)))) {
            changed.forEach(file -> outside.accept(after.get(file)));
            outcome = Outcome.KEPT_MODEL;
        } else if (sameProblems && before.keySet().equals(after.keySet()) && changed.size() == 1
                && replaceUnit(after.get(changed.get(0)), next)) {
            outcome = Outcome.REPLACED_UNIT;
        } else {
            rebuild(next);
            outcome = Outcome.REBUILT;
        }
        collected = next;
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (outcome == Outcome.KEPT_MODEL) {
            analysis = withFiles(analysis, next.files(), millis);
        }
        return new Update(outcome, changed, millis);
    }

    /** The findings of the current texts, as a cold scan orders them. */
    public synchronized List<Finding> findings() {
        ensureOpen();
        return analysis.result().findings();
    }

    /** The current analysis: result, model and texts, for planning fixes. */
    public synchronized Analyzer.Analysis analysis() {
        ensureOpen();
        return analysis;
    }

    /** The source set this engine analyses. */
    public SourceSet sourceSet() {
        return sourceSet;
    }

    /** Lets go of the model and closes what it holds open; any later call but {@code close} throws. */
    @Override
    public synchronized void close() {
        if (built != null) {
            built.releaseModels();
        }
        built = null;
        closed = true;
        analysis = null;
        warm = null;
        outside = null;
        collected = null;
        onDisk = null;
        buffers.clear();
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the engine is closed");
        }
    }

    private boolean underRoots(Path file) {
        return file.toString().endsWith(".java")
                && sourceSet.roots().stream().anyMatch(root -> file.startsWith(root.toAbsolutePath().normalize()));
    }

    /** Takes an edit inside the bodies of one model file without building the model again, if it can. */
    private boolean replaceUnit(SourceFile edited, SourceCollector.Collected files) {
        if (warm == null || !outside.inScope(edited.path())) {
            return false;
        }
        WarmAnalysis next = LargeStack.get("fjdoctor-analysis", () -> warm.afterBodyEdit(edited, files.files(), options));
        // A declined edit may have changed the model on its way: only a rebuild may follow.
        warm = next;
        if (next == null) {
            return false;
        }
        analysis = next.analysis();
        outside.scopeFileEdited(edited);
        return true;
    }

    private void rebuild(SourceCollector.Collected files) {
        WarmAnalysis next = analyzer.analyzeWarm(sourceSet, files, options);
        if (built != null) {
            built.releaseModels();
        }
        built = next;
        warm = next;
        analysis = warm.analysis();
        outside = OutsideEdits.of(files.files(), analysis.scopeFiles());
        collected = files;
    }

    /** {@code files} with each file that has a buffer read from the buffer instead. */
    private SourceCollector.Collected withBuffers(SourceCollector.Collected files) {
        if (buffers.isEmpty()) {
            return files;
        }
        List<SourceFile> overlaid = new ArrayList<>(files.files().size());
        for (SourceFile file : files.files()) {
            String text = buffers.get(file.path());
            overlaid.add(text == null || text.equals(file.text()) ? file
                    : SourceFile.of(file.path(), file.display(), file.rootRelative(), text, file.charset(),
                    file.byteOrderMark()));
        }
        return new SourceCollector.Collected(overlaid, files.problems());
    }

    private static List<Path> changedFiles(Map<Path, SourceFile> before, Map<Path, SourceFile> after) {
        Set<Path> all = new HashSet<>(before.keySet());
        all.addAll(after.keySet());
        List<Path> changed = new ArrayList<>();
        for (Path file : all) {
            SourceFile was = before.get(file);
            SourceFile is = after.get(file);
            if (was == null || is == null || !was.text().equals(is.text())) {
                changed.add(file);
            }
        }
        changed.sort(null);
        return changed;
    }

    private static Map<Path, SourceFile> byPath(List<SourceFile> files) {
        Map<Path, SourceFile> byPath = new LinkedHashMap<>();
        files.forEach(file -> byPath.put(file.path(), file));
        return byPath;
    }

    /** The same model and findings over the edited texts: only the counts of lines and files can differ. */
    private static Analyzer.Analysis withFiles(Analyzer.Analysis kept, List<SourceFile> files, long millis) {
        ScanResult was = kept.result();
        long lines = files.stream().mapToLong(SourceFile::lineCount).sum();
        ScanResult result = new ScanResult(was.rules(), was.findings(), was.problems(), files.size(), lines,
                was.modelFiles(), millis);
        return new Analyzer.Analysis(result, kept.model(), files, kept.elements(), kept.matches(), kept.javaLevels(),
                kept.scopeFiles());
    }
}
