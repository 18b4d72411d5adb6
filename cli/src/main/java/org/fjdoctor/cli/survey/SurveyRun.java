package org.fjdoctor.cli.survey;

/**
 * How a survey ran, for its summary.
 *
 * @param engine     {@code embedded} or {@code spark (MASTER)}
 * @param jobs       repositories at once (embedded), or Spark's parallelism
 * @param wallMillis wall time of this run (resumed repositories took none)
 * @param manifest   the manifest file as given
 */
public record SurveyRun(String engine, int jobs, long wallMillis, String manifest) {
}
