package org.fjdoctor.cli.survey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.survey.ChildJvm.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Which child runs a survey counts: a scan that wrote its report counts, also when part of the repository went
 * unanalysed (exit code 3, the report's problems say what); a usage or internal error does not.
 */
class ChildFailureTest {

    private final RepoSurvey survey = new RepoSurvey(new SurveySettings(List.of(), null, 60_000, "1g", null, false),
            "java", "fjdoctor.jar");

    @Test
    void anIncompleteScanWroteItsReportAndCounts() {
        assertNull(survey.failure(exited(ExitCodes.INCOMPLETE, "fjdoctor: ANALYSIS INCOMPLETE"), "scan"));
        assertNull(survey.failure(exited(ExitCodes.OK, ""), "scan"));
    }

    @Test
    void anInternalErrorDoesNot() {
        assertEquals("scan failed (exit 1): fjdoctor: internal error",
                survey.failure(exited(1, "fjdoctor: internal error"), "scan"));
    }

    private static Outcome exited(int exit, String tail) {
        return new Outcome(Outcome.Kind.EXITED, exit, tail, 10, 0);
    }
}
