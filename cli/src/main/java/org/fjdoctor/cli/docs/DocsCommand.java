package org.fjdoctor.cli.docs;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.OutputTarget;
import org.fjdoctor.refactorings.pipeline.WriteFailure;
import org.fjdoctor.refactorings.pipeline.Refactorings;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code fjdoctor docs}: write the rule documentation pages. */
@Command(
        name = "docs",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Write the rule documentation pages.",
        descriptionHeading = "%n",
        description = {
            "Writes one Markdown page per rule (<id>.md: what it finds, why it costs time and energy, the"
                    + " published figures, an example, the automatic fixes and when each is SAFE, how to suppress it)"
                    + " and an index (README.md), from the rules and refactorings in this build. The repository keeps"
                    + " them in docs/rules; a test fails when they are out of date.",
        },
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Example:",
            "  ./fjdoctor docs --output docs/rules",
            "      Regenerate the checked-in pages after changing a rule or a refactoring.",
        })
public final class DocsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output", "--out"}, paramLabel = "DIR", defaultValue = "docs/rules",
            description = "Directory to write the pages to, created if missing (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Map<String, String> pages = RuleDocs.pages(Rules.all(), Refactorings.all());
        try {
            OutputTarget.directory("--output", output, List.copyOf(pages.keySet()), List.of());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            Files.createDirectories(output);
            for (Map.Entry<String, String> page : pages.entrySet()) {
                AtomicFile.write(output.resolve(page.getKey()), writer -> writer.write(page.getValue()));
            }
        } catch (IOException e) {
            err.println("fjdoctor: cannot write the pages to " + output + ": " + WriteFailure.reason(e));
            return ExitCodes.INTERNAL_ERROR;
        }
        err.println("fjdoctor docs: wrote " + pages.size() + " pages to " + output);
        return ExitCodes.OK;
    }
}
