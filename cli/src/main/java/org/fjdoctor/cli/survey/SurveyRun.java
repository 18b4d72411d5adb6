package org.fjdoctor.cli.survey;

/**
 * How one invocation of a survey ran, for its summary. A survey resumed into the same directory has
 * several: each is recorded there ({@link SurveyDirectory#recordRun}), so that the summary can say what
 * the wall time it shows covers rather than pass off the last, resuming run's as the whole survey's.
 *
 * @param engine     {@code embedded} or {@code spark (MASTER)}
 * @param jobs       repositories at once (embedded), or Spark's parallelism
 * @param wallMillis wall time of this run
 * @param manifest   the manifest file as given
 * @param surveyed   repositories this run surveyed
 * @param resumed    repositories this run took from earlier runs' results (--resume), not surveyed again
 */
public record SurveyRun(String engine, int jobs, long wallMillis, String manifest, int surveyed, int resumed) {
}
