package org.fjdoctor.cli.patch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.Settings;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Rules;
import org.fjdoctor.refactorings.pipeline.AtomicFile;
import org.fjdoctor.cli.common.ExitCodes;
import org.fjdoctor.cli.common.OutputTarget;
import org.fjdoctor.cli.fix.AnalysisOptions;
import org.fjdoctor.cli.fix.FixCommand;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.cli.fix.FixSummary;
import org.fjdoctor.refactorings.pipeline.SourceWriter;
import org.fjdoctor.reports.Git;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.TextEdit;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fjdoctor patch}: fixes in a temporary clone of the repository, one commit per rule, exported
 * with {@code git format-patch} together with a pull request description. The user's repository,
 * branch and work tree are never touched (a clone, not a worktree, so not even a branch is left).
 */
@Command(
        name = "patch",
        mixinStandardHelpOptions = true,
        versionProvider = org.fjdoctor.cli.common.Version.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        headerHeading = "%n",
        header = "Prepare fork/join fixes as git patches and a pull request description.",
        descriptionHeading = "%n",
        description = {
            "Clones REPO into a temporary directory at --base (default: the current HEAD; uncommitted changes are"
                    + " not included), creates branch fjdoctor/<date>-fixes there, applies the verified fixes like"
                    + " 'fjdoctor fix' with one commit per rule, writes the commits to DIR with 'git format-patch'"
                    + " and DIR/PULL_REQUEST.md (what was found, why it costs, evidence, diff stats,"
                    + " verification), then deletes the clone. Nothing is pushed; REPO is not modified.",
        },
        parameterListHeading = "%nParameters:%n",
        optionListHeading = "%nOptions:%n",
        footerHeading = "%n",
        footer = {
            "Examples:",
            "  fjdoctor patch --output /tmp/fjdoctor-fixes .",
            "  fjdoctor patch --output fixes --base main --evidence measure.json ~/src/project",
            "  git am /tmp/fjdoctor-fixes/*.patch      (apply them on a branch of your own)",
            "",
            "Exit codes:",
            "  0  patches written, or nothing to fix",
            "  1  internal error (git failed, a file could not be written)",
            "  2  usage error: REPO is not a git work tree, unknown --base, bad --evidence",
        })
public final class PatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "REPO", arity = "1", description = "A git work tree (any directory inside one).")
    Path repo;

    /** What git format-patch names fjdoctor's commits ("fjdoctor fix: ..."). */
    private static final Pattern OWN_PATCH = Pattern.compile("\\d{4}-fjdoctor-fix-.*\\.patch");

    @Option(names = {"-o", "--output", "--out"}, paramLabel = "DIR", required = true,
            description = "Directory for the .patch files and PULL_REQUEST.md (created if missing). An earlier"
                    + " run's patches there are replaced; a directory holding other patches is refused.")
    Path out;

    @Option(names = "--base", paramLabel = "BRANCH", description = "Branch, tag or commit to fix (default: HEAD).")
    String base;

    @Option(names = "--evidence", paramLabel = "FILE",
            description = "A JSON file of measurements (e.g. from 'fjdoctor measure') to quote in PULL_REQUEST.md.")
    Path evidenceFile;

    @Mixin
    AnalysisOptions analysis;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            analysis.settings(List.of(repo)); // a wrong rule or settings file fails before anything is cloned
        } catch (ConfigException | IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (!Git.available()) {
            err.println("fjdoctor: patch needs git, and no 'git' executable was found");
            return ExitCodes.INTERNAL_ERROR;
        }
        if (!Files.isDirectory(repo)) {
            throw usage("REPO " + repo + " is not a directory");
        }
        Git.Result topLevel = new Git(repo.toAbsolutePath()).run("rev-parse", "--show-toplevel");
        if (!topLevel.ok()) {
            // git's own words: not a repository, or one it refuses (dubious ownership, a damaged .git)
            throw usage(repo + " is not inside a git work tree that git can use (git: " + topLevel.message() + ")");
        }
        Path top = Path.of(topLevel.out().strip());
        String baseRef = base == null ? "HEAD" : base;
        Git.Result resolved = new Git(top).run("rev-parse", "--verify", "--quiet", baseRef + "^{commit}");
        if (!resolved.ok()) {
            throw usage("--base " + baseRef + " is not a branch, tag or commit of " + top);
        }
        String baseCommit = resolved.out().strip();
        Evidence evidence = null;
        if (evidenceFile != null) {
            try {
                evidence = Evidence.read(evidenceFile);
            } catch (IOException e) {
                throw usage("--evidence: " + (e.getMessage() == null ? "cannot read " + evidenceFile : e.getMessage()));
            }
        }
        List<Path> inputs = new ArrayList<>(List.of(repo));
        if (evidenceFile != null) {
            inputs.add(evidenceFile);
        }
        try {
            OutputTarget.directory("--output", out, List.of("PULL_REQUEST.md"), inputs);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        List<Path> earlier = earlierPatches(out);
        if (earlier.stream().anyMatch(p -> !OWN_PATCH.matcher(p.getFileName().toString()).matches())) {
            throw usage("--out " + out + " holds patches fjdoctor did not write (" + earlier.get(0).getFileName()
                    + ", ...); 'git am " + out + "/*.patch' would apply them too. Give an empty or new directory.");
        }
        String[] identity = identity(new Git(top));

        Path temp = Files.createTempDirectory("fjdoctor-patch-");
        try {
            Path clone = temp.resolve("repo");
            new Git(temp).check("clone", "--quiet", "--no-checkout", "--no-hardlinks", top.toString(), clone.toString());
            Git git = new Git(clone);
            String branch = "fjdoctor/" + LocalDate.now() + "-fixes";
            git.check("-c", "advice.detachedHead=false", "checkout", "--quiet", "-b", branch, baseCommit);

            // The clone's own settings file: the committed one, with exclusions relative to the clone.
            Settings settings;
            try {
                settings = analysis.settings(List.of(clone));
            } catch (ConfigException | IllegalArgumentException e) {
                throw usage(e.getMessage() + " (as committed at " + baseRef + ")");
            }
            FixSession.Outcome outcome = FixCommand.run(analysis, settings, List.of(clone), err);
            if (outcome.nothingToDo()) {
                stdout.println("fjdoctor patch: no fixes for " + top + " at " + baseRef + "; nothing written");
                FixSummary.print(outcome, "would apply", List.of(), stdout, true);
                return ExitCodes.OK;
            }
            List<RuleCommit> commits = commitPerRule(git, outcome, identity);
            Files.createDirectories(out);
            for (Path own : earlier) {
                Files.delete(own); // an earlier run's patches: only the new set is applied by 'git am out/*.patch'
            }
            Path outDir = out.toAbsolutePath().normalize();
            List<String> patches = new ArrayList<>();
            for (String line : git.check("format-patch", "--no-signature", "-o", outDir.toString(),
                    baseCommit + "..HEAD").lines().toList()) {
                if (!line.isBlank()) {
                    patches.add(Path.of(line.strip()).getFileName().toString());
                }
            }
            String markdown = PullRequest.markdown(branch, baseRef, baseCommit, commits, outcome, patches, evidence);
            AtomicFile.write(outDir.resolve("PULL_REQUEST.md"), markdown.getBytes(StandardCharsets.UTF_8));

            stdout.println("fjdoctor patch: " + commits.size() + (commits.size() == 1 ? " commit" : " commits")
                    + " prepared on " + branch + " in a temporary clone of " + top + " (removed; " + top
                    + " is unchanged, nothing was pushed)");
            FixSummary.print(outcome, "applied", List.of(), stdout, true);
            stdout.println("written to " + outDir + ":");
            patches.forEach(p -> stdout.println("  " + p));
            stdout.println("  PULL_REQUEST.md");
            stdout.println("apply with: git am " + outDir + "/*.patch");
            stdout.flush();
            return ExitCodes.OK;
        } finally {
            deleteRecursively(temp);
        }
    }

    /** Writes and commits the fixes rule by rule, in catalog order, each commit on top of the previous. */
    private static List<RuleCommit> commitPerRule(Git git, FixSession.Outcome outcome, String[] identity)
            throws IOException {
        Map<String, RuleInfo> infos = new LinkedHashMap<>();
        Rules.all().forEach(rule -> infos.put(rule.info().id(), rule.info()));
        Map<String, List<FixSession.Applied>> byRule = new LinkedHashMap<>();
        outcome.applied().stream()
                .sorted(Comparator.comparingInt((FixSession.Applied a) -> order(infos, a.fix().ruleId()))
                        .thenComparing(a -> a.finding().location().display()))
                .forEach(a -> byRule.computeIfAbsent(a.fix().ruleId(), r -> new ArrayList<>()).add(a));

        List<RuleCommit> commits = new ArrayList<>();
        List<Fix> cumulative = new ArrayList<>();
        for (Map.Entry<String, List<FixSession.Applied>> rule : byRule.entrySet()) {
            RuleCommit commit = new RuleCommit(rule.getKey(), infos.get(rule.getKey()), rule.getValue());
            Set<Path> touched = new LinkedHashSet<>();
            for (FixSession.Applied applied : rule.getValue()) {
                cumulative.add(applied.fix());
                applied.fix().edits().stream().map(TextEdit::file).forEach(touched::add);
            }
            Map<Path, String> texts = outcome.textsWith(cumulative);
            List<String> add = new ArrayList<>(List.of("add", "--"));
            for (Path path : touched) {
                if (texts.containsKey(path)) {
                    AtomicFile.write(path, SourceWriter.encode(outcome.originals().get(path), texts.get(path)));
                    add.add(path.toString());
                }
            }
            git.check(add.toArray(String[]::new));
            git.check("-c", "user.name=" + identity[0], "-c", "user.email=" + identity[1], "-c", "commit.gpgsign=false",
                    "commit", "--quiet", "--no-verify", "-m", commit.subject(), "-m", commit.body(outcome));
            commits.add(commit);
        }
        return commits;
    }

    private static int order(Map<String, RuleInfo> infos, String ruleId) {
        int index = new ArrayList<>(infos.keySet()).indexOf(ruleId);
        return index < 0 ? Integer.MAX_VALUE : index;
    }

    /** The repository's configured identity, or fjdoctor's own when it has none. */
    private static String[] identity(Git repoGit) throws IOException {
        String name = config(repoGit, "user.name").orElse("fjdoctor");
        String email = config(repoGit, "user.email").orElse("fjdoctor@localhost");
        return new String[] {name, email};
    }

    private static Optional<String> config(Git git, String key) throws IOException {
        Git.Result result = git.run("config", "--get", key);
        return result.ok() && !result.out().isBlank() ? Optional.of(result.out().strip()) : Optional.empty();
    }

    /** The {@code .patch} files in {@code out}, if it exists. */
    private static List<Path> earlierPatches(Path out) throws IOException {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".patch")).sorted().toList();
        }
    }

    private static void deleteRecursively(Path directory) {
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a temporary directory left behind is harmless
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
