package org.fjdoctor.measurements.runner;

import java.util.List;

import org.fjdoctor.measurements.sampling.ForkRun;

/** The forks of the original and the rewritten program at one worker-thread count, in the order they ran. */
public record Measurement(int threads, List<ForkRun> before, List<ForkRun> after) {

    public Measurement {
        before = List.copyOf(before);
        after = List.copyOf(after);
    }
}
