package org.fjdoctor.cli.scan;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.fjdoctor.analyzer.Analyzer;

/**
 * Shows the analyzer's phases on stderr, but only once a scan has taken longer than a delay: quick
 * scans stay silent, slow ones show they are alive. When it becomes visible it prints the phase in
 * progress, then every later one as it starts, each with the time since the scan began when it started
 * (so a slow scan shows where its time goes).
 */
public final class DelayedProgress implements Analyzer.Progress, AutoCloseable {

    private final PrintWriter err;
    private final ScheduledExecutorService timer;
    private final long start = System.nanoTime();
    private String current;
    private long currentStart;
    private boolean visible;
    private boolean closed;

    private DelayedProgress(PrintWriter err, Duration delay) {
        this.err = err;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fjdoctor-progress");
            thread.setDaemon(true);
            return thread;
        });
        timer.schedule(this::becomeVisible, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Progress for a scan; {@code quiet} gives one that never prints (and starts no timer). */
    public static Analyzer.Progress start(PrintWriter err, Duration delay, boolean quiet) {
        return quiet ? Analyzer.Progress.NONE : new DelayedProgress(err, delay);
    }

    public static void stop(Analyzer.Progress progress) {
        if (progress instanceof DelayedProgress delayed) {
            delayed.close();
        }
    }

    @Override
    public synchronized void phase(String message) {
        current = message;
        currentStart = System.nanoTime();
        if (visible && !closed) {
            print(message, currentStart);
        }
    }

    private synchronized void becomeVisible() {
        if (closed) {
            return;
        }
        visible = true;
        if (current != null) {
            print(current, currentStart);
        }
    }

    private void print(String message, long at) {
        err.println(String.format(Locale.ROOT, "fjdoctor: [%.1f s] %s", (at - start) / 1e9, message));
        err.flush();
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        timer.shutdownNow();
    }
}
