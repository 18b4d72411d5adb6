package org.fjdoctor.cli.survey;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * The progress line on stderr: how many repositories are done (scanned, failed, resumed), how many are
 * running, and an estimate of the time left from the average time of those surveyed so far, spread over
 * the jobs.
 */
final class SurveyProgress {

    private final PrintWriter err;
    private final int total;
    private final int jobs;
    private final long start = System.nanoTime();
    private int scanned;
    private int failed;
    private int resumed;
    private int running;
    private long surveyedNanos;

    SurveyProgress(PrintWriter err, int total, int jobs) {
        this.err = err;
        this.total = total;
        this.jobs = jobs;
    }

    synchronized void resumed() {
        resumed++;
    }

    synchronized void started() {
        running++;
    }

    synchronized void finished(RepoResult result, long nanos) {
        running--;
        surveyedNanos += nanos;
        if (result.scanned()) {
            scanned++;
        } else {
            failed++;
        }
        err.println("fjdoctor: survey: " + line() + "  [" + result.name() + ": "
                + (result.scanned() ? findings(result.total().findings()) : result.failure()) + "]");
        err.flush();
    }

    synchronized String line() {
        int done = scanned + failed + resumed;
        StringBuilder line = new StringBuilder().append(done).append('/').append(total).append(" done (")
                .append(scanned).append(" scanned, ").append(failed).append(" failed");
        if (resumed > 0) {
            line.append(", ").append(resumed).append(" resumed");
        }
        line.append("), ").append(running).append(" running");
        int surveyed = scanned + failed;
        if (surveyed > 0 && done < total) {
            long left = (long) ((double) surveyedNanos / surveyed * (total - done) / jobs);
            line.append(", ETA ").append(Durations.format(Duration.ofNanos(left)));
        }
        return line.toString();
    }

    private static String findings(long n) {
        return n + (n == 1 ? " finding" : " findings");
    }

    /** This run so far, for the summary. */
    synchronized SurveyRun run(String engine, String manifest) {
        return new SurveyRun(engine, jobs, elapsed().toMillis(), manifest, scanned + failed, resumed);
    }

    Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
