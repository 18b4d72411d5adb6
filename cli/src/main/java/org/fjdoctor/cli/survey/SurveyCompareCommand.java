package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.survey.SurveyComparison.Difference;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fjdoctor survey-compare}: whether two surveys found the same per repository, times and memory aside. */
@Command(
        name = "survey-compare",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        headerHeading = "%n",
        header = "Compare two survey directories' per-repository results, times and memory aside.",
        descriptionHeading = "%n",
        description = {
            "Reads DIR/repos/<name>.json of both surveys and compares each repository's result field by field,"
                    + " all but the scan time and peak memory: the checked-out revision, failure, build system,"
                    + " Java level, fork/join usage, findings and fixes per rule, problems and patches. Prints one"
                    + " line per repository (same, differs with each field and both values, or only in one)."
                    + " Made to check that the Spark engine gives the embedded engine's results.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Example:",
            "  fjdoctor survey-compare survey-embedded/ survey-spark/",
            "",
            "Exit codes:",
            "  0  the same repositories, all results equal",
            "  1  internal error",
            "  2  usage error: a directory that holds no survey",
            "  4  some result differs, or a repository is in one survey only",
        })
public final class SurveyCompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FIRST", description = "A survey's output directory (its -o).")
    Path first;

    @Parameters(index = "1", paramLabel = "SECOND", description = "The survey to compare it with.")
    Path second;

    @Override
    public Integer call() throws IOException {
        SurveyComparison comparison;
        try {
            comparison = SurveyComparison.of(first, second);
        } catch (NoSuchFileException e) {
            throw new ParameterException(spec.commandLine(), "no survey results in " + e.getFile());
        }
        PrintWriter out = spec.commandLine().getOut();
        comparison.same().forEach(name -> out.println("same        " + name));
        for (Map.Entry<String, List<Difference>> entry : comparison.different().entrySet()) {
            out.println("differs     " + entry.getKey());
            entry.getValue().forEach(d -> out.println("              " + d));
        }
        comparison.onlyFirst().forEach(name -> out.println("only first  " + name));
        comparison.onlySecond().forEach(name -> out.println("only second " + name));
        out.println(comparison.same().size() + " same, " + comparison.different().size() + " differ, "
                + comparison.onlyFirst().size() + " only in " + first + ", " + comparison.onlySecond().size()
                + " only in " + second + " (scan time and peak memory not compared)");
        out.flush();
        return comparison.identical() ? ExitCodes.OK : ExitCodes.FINDINGS;
    }
}
