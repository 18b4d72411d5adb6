package org.fjdoctor.cli;

import java.util.concurrent.Callable;

import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.Version;
import org.fjdoctor.cli.docs.DocsCommand;
import org.fjdoctor.cli.fix.FixCommand;
import org.fjdoctor.cli.lsp.LspCommand;
import org.fjdoctor.cli.measure.MeasureCommand;
import org.fjdoctor.cli.patch.PatchCommand;
import org.fjdoctor.cli.scan.ScanCommand;
import org.fjdoctor.cli.survey.SurveyCommand;
import org.fjdoctor.cli.survey.SurveyCompareCommand;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The top command. A new subcommand is one class plus one entry in {@code subcommands}. */
@Command(
        name = "fjdoctor",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        subcommands = {ScanCommand.class, FixCommand.class, PatchCommand.class, MeasureCommand.class, DocsCommand.class,
            SurveyCommand.class, SurveyCompareCommand.class, LspCommand.class, HelpCommand.class},
        synopsisSubcommandLabel = "COMMAND",
        optionListHeading = "%nOptions:%n",
        commandListHeading = "%nCommands:%n",
        description = {
            "Finds fork/join bottlenecks in Java source code: tasks that copy their input for each subtask,"
                    + " copy results at join, block or sleep inside task code, submit subtasks to a pool's"
                    + " central queue instead of forking them, and more.",
            "",
            "Works on plain source trees without a build (Spoon's no-classpath mode); a classpath only"
                    + " sharpens type resolution.",
        },
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor scan src/main/java",
            "  fjdoctor scan --format sarif --output fjdoctor.sarif .",
            "  fjdoctor scan --rules copy-on-fork,FJ5 --fail-on error src",
            "  fjdoctor fix --dry-run src/main/java",
            "  fjdoctor patch --output fixes/ .",
            "  fjdoctor measure corpus   (original vs rewritten corpus workloads: time, allocation, energy)",
            "  fjdoctor survey repos.csv -o survey/   (many repositories, one JVM each; docs/survey.md)",
            "  fjdoctor lsp              (language server for editors, over stdio: docs/lsp.md)",
            "  fjdoctor scan --help      (all scan options, the rules, more examples)",
            "",
            "Exit codes:",
            "  0  no finding at or above the --fail-on level",
            "  1  internal error (rerun with --stacktrace for details)",
            "  2  usage error (unknown option, rule or format; missing or nonexistent",
            "     path; unreadable baseline; no .java file that could be read)",
            "  3  no finding at or above the --fail-on level, but fjdoctor failed on part",
            "     of the project (a rule or a model; the report's problems say what)",
            "  4  findings at or above the --fail-on level",
            "",
            "Each rule has a page in the repository, docs/rules/<id>.md (written by",
            "'fjdoctor docs'), and is described in 'fjdoctor scan --help' and in the",
            "reports (JSON \"rules\", SARIF tool.driver.rules). docs/PATTERNS.md is the",
            "catalog behind the rules; docs/ci.md shows fjdoctor in GitHub Actions.",
        })
public final class FjdoctorCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Read by {@link Main}'s error handler through the parse result; inherited by every subcommand. */
    @Option(names = "--stacktrace", hidden = true, scope = ScopeType.INHERIT,
            description = "Print the full stack trace of an internal error.")
    boolean stacktrace;

    /** Without a command: the help, on stderr, as a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
