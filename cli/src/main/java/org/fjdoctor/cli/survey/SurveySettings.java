package org.fjdoctor.cli.survey;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * What every repository of a survey is scanned with; plain values, so that a Spark task can carry it.
 *
 * @param rules         --rules (empty: all)
 * @param depth         --depth (null: the default)
 * @param timeoutMillis time limit of each child JVM
 * @param heap          -Xmx of each child JVM, e.g. {@code 1g}
 * @param mirror        a directory of mirrors for GitHub URLs (null: none)
 * @param patches       whether to write {@code fjdoctor patch} output for repositories with SAFE fixes
 */
public record SurveySettings(List<String> rules, Integer depth, long timeoutMillis, String heap, String mirror,
                             boolean patches) implements Serializable {

    private static final long serialVersionUID = 1L;

    public SurveySettings {
        rules = List.copyOf(rules);
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }

    /** The options scan and patch share. */
    List<String> analysisOptions() {
        List<String> options = new java.util.ArrayList<>();
        if (!rules.isEmpty()) {
            options.add("--rules");
            options.add(String.join(",", rules));
        }
        if (depth != null) {
            options.add("--depth");
            options.add(depth.toString());
        }
        return options;
    }
}
