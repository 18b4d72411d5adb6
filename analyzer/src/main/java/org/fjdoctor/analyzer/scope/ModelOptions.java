package org.fjdoctor.analyzer.scope;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * What building a model needs of the analysis settings, so that this package depends on nothing above it.
 *
 * @param callDepth      how many calls deep task code is followed
 * @param commonPoolCode whether a chosen rule needs the code that runs in the common pool outside tasks
 * @param fileBudget     how long Spoon may take to model one file
 * @param phases         receives a line per phase
 */
public record ModelOptions(int callDepth, boolean commonPoolCode, Duration fileBudget, Consumer<String> phases) {
}
