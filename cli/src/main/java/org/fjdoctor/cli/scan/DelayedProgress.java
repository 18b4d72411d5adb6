package org.fjdoctor.cli.scan;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.fjdoctor.analyzer.Analyzer;

/**
 * Shows the analyzer's phases on stderr, but only once a scan has taken longer than a delay: quick
 * scans stay silent, slow ones show they are alive. When it becomes visible it prints the phase in
 * progress, then every later one as it starts, each with the time since the scan began when it started
 * (so a slow scan shows where its time goes).
 */
public final class DelayedProgress implements Analyzer.Progress, AutoCloseable {

    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long start;
    /** Null while nothing was scheduled: tests call {@link #becomeVisible()} themselves. */
    private ScheduledExecutorService timer;
    private String current;
    private long currentStart;
    private boolean visible;
    private boolean closed;

    /** Progress that becomes visible only when {@link #becomeVisible()} is called; times come from {@code nanoClock}. */
    DelayedProgress(PrintWriter err, LongSupplier nanoClock) {
        this.err = err;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    /** Progress for a scan; {@code quiet} gives one that never prints (and starts no timer). */
    public static Analyzer.Progress start(PrintWriter err, Duration delay, boolean quiet) {
        if (quiet) {
            return Analyzer.Progress.NONE;
        }
        DelayedProgress progress = new DelayedProgress(err, System::nanoTime);
        progress.becomeVisibleAfter(delay);
        return progress;
    }

    private void becomeVisibleAfter(Duration delay) {
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fjdoctor-progress");
            thread.setDaemon(true);
            return thread;
        });
        timer.schedule(this::becomeVisible, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    public static void stop(Analyzer.Progress progress) {
        if (progress instanceof DelayedProgress delayed) {
            delayed.close();
        }
    }

    @Override
    public synchronized void phase(String message) {
        current = message;
        currentStart = nanoClock.getAsLong();
        if (visible && !closed) {
            print(message, currentStart);
        }
    }

    /** What the timer runs once the delay has passed. */
    synchronized void becomeVisible() {
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
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
