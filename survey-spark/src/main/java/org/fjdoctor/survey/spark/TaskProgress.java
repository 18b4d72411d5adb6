package org.fjdoctor.survey.spark;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.fjdoctor.cli.survey.Durations;

/**
 * The survey's progress line on the driver's stderr, one per finished task (a task is a repository), with
 * an estimate of the time left from the rate so far (the tasks run side by side, so elapsed time per
 * finished task already accounts for the parallelism).
 */
final class TaskProgress extends SparkListener {

    private final PrintWriter err;
    private final int total;
    private final long start = System.nanoTime();
    private final AtomicInteger done = new AtomicInteger();

    TaskProgress(PrintWriter err, int total) {
        this.err = err;
        this.total = total;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (!end.taskInfo().successful()) {
            return; // Spark retries it
        }
        int n = done.incrementAndGet();
        long elapsed = System.nanoTime() - start;
        String eta = n < total ? ", ETA " + Durations.format(Duration.ofNanos(elapsed / n * (total - n))) : "";
        err.println("fjdoctor: survey: " + n + "/" + total + " repositories done" + eta);
        err.flush();
    }
}
