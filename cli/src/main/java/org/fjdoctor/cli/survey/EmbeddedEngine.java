package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The default engine: on this machine, {@code jobs} repositories at a time, each scan in its own JVM
 * (so the pool's threads only wait). With resume, a repository that already has its result is skipped.
 */
final class EmbeddedEngine {

    private final RepoSurvey survey;
    private final SurveyDirectory directory;
    private final int jobs;
    private final boolean patches;

    EmbeddedEngine(RepoSurvey survey, SurveyDirectory directory, int jobs, boolean patches) {
        this.survey = survey;
        this.directory = directory;
        this.jobs = jobs;
        this.patches = patches;
    }

    /** Surveys what is still to do; the results are in the directory afterwards. */
    void run(List<Manifest.Entry> entries, boolean resume, SurveyProgress progress)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<RepoResult>> running = new ArrayList<>();
            for (Manifest.Entry entry : entries) {
                if (resume && directory.finished(entry).isPresent()) {
                    progress.resumed();
                    continue;
                }
                running.add(pool.submit(() -> surveyOne(entry, progress)));
            }
            for (Future<RepoResult> result : running) {
                result.get();
            }
        } catch (ExecutionException e) {
            throw new IOException("a survey worker failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
            directory.removeScratch();
        }
    }

    private RepoResult surveyOne(Manifest.Entry entry, SurveyProgress progress) throws IOException {
        progress.started();
        long start = System.nanoTime();
        RepoResult result = survey.survey(entry, directory.scratch(entry), patches ? directory.patches(entry) : null);
        directory.write(result); // at once, so that a survey stopped now resumes after it
        progress.finished(result, System.nanoTime() - start);
        return result;
    }
}
