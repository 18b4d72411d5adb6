package org.fjdoctor.reports;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code git} executable in a directory; the one place where fjdoctor builds git commands.
 * The environment variables that would redirect git to another repository (set, for example, when
 * fjdoctor runs inside a git hook) are removed. Nothing a repository configures runs: a scanned
 * repository is untrusted input, and its {@code core.fsmonitor} command or hooks would otherwise run
 * with the user's rights on {@code git status}. No pager, editor, prompt or credential helper either,
 * and no filter or diff driver the repository configures (a {@code clean} filter runs on every file
 * whose content git must hash, so also on {@code git status}; a diff driver on {@code git diff}).
 */
public final class Git {

    /** What a git command printed and returned. */
    public record Result(int exit, String out, String err) {
        public boolean ok() {
            return exit == 0;
        }

        /** The first line of stderr (or stdout), for error messages. */
        public String message() {
            String text = err.isBlank() ? out : err;
            return text.strip().lines().findFirst().orElse("exit code " + exit);
        }
    }

    /** Thrown when a git command fails that must not fail. */
    public static final class GitException extends IOException {
        public GitException(String message) {
            super(message);
        }
    }

    private static final long TIMEOUT_MINUTES = 10;

    /** The system property naming the git executable to run (default: {@code git} from the PATH). */
    public static final String EXECUTABLE_PROPERTY = "fjdoctor.git";

    /**
     * Options before every command. A hooks directory that cannot exist turns every hook off (git looks
     * for {@code /dev/null/<hook>}), whatever the repository's or the user's configuration names.
     */
    static final List<String> SAFETY_OPTIONS = List.of("--no-pager",
            "-c", "core.fsmonitor=false",
            "-c", "core.hooksPath=/dev/null",
            "-c", "credential.helper=",
            "-c", "core.askPass=");

    private final Path directory;

    public Git(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** Whether a {@code git} executable can be run at all. */
    public static boolean available() {
        try {
            return new Git(Path.of("").toAbsolutePath()).run("--version").ok();
        } catch (IOException e) {
            return false;
        }
    }

    /** The top directory of the work tree holding {@code path}, if it is in one. */
    public static Optional<Path> topLevel(Path path) {
        try {
            Result result = new Git(path).run("rev-parse", "--show-toplevel");
            return result.ok() ? Optional.of(Path.of(result.out().strip())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The nearest directory at or above {@code directory} holding a {@code .git} (a directory, or a worktree's
     * file), found without running git: where a work tree's top would be even when git cannot say.
     */
    public static Optional<Path> dotGitAbove(Path directory) {
        for (Path dir = directory; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    /** The git executable: the {@value #EXECUTABLE_PROPERTY} system property, or {@code git} from the PATH. */
    public static String executable() {
        String configured = System.getProperty(EXECUTABLE_PROPERTY);
        return configured == null || configured.isBlank() ? "git" : configured;
    }

    /** @throws IOException also when the git executable cannot be started (not installed, say) */
    public Result run(String... args) throws IOException {
        return run(List.of(args));
    }

    public Result run(List<String> args) throws IOException {
        List<String> options = new ArrayList<>(SAFETY_OPTIONS);
        List<String> command = new ArrayList<>(args);
        if (!args.isEmpty() && !args.get(0).equals("config") && !args.get(0).equals("--version")) {
            options.addAll(filtersOff());
        }
        if (!args.isEmpty() && List.of("diff", "log", "show").contains(args.get(0))) {
            // The repository's diff drivers (attributes naming an external diff or a textconv command).
            command.addAll(1, List.of("--no-ext-diff", "--no-textconv"));
        }
        return start(options, command);
    }

    /**
     * Options that empty every command of the filter drivers configured for this directory: git runs no
     * filter whose command is empty (and one that is required would then fail, so none is). Reading the
     * configuration itself runs nothing.
     */
    private List<String> filtersOff() throws IOException {
        Result keys = start(SAFETY_OPTIONS, List.of("config", "--name-only", "--get-regexp", "^filter\\."));
        List<String> off = new ArrayList<>();
        for (String key : keys.ok() ? keys.out().lines().toList() : List.<String>of()) {
            String driver = key.substring(0, key.lastIndexOf('.'));
            for (String setting : List.of("clean=", "smudge=", "process=", "required=false")) {
                String option = driver + "." + setting;
                if (!off.contains(option)) {
                    off.add("-c");
                    off.add(option);
                }
            }
        }
        return off;
    }

    private Result start(List<String> options, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(executable());
        command.addAll(options);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        Map<String, String> env = builder.environment();
        for (String name : List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX", "GIT_COMMON_DIR",
                "GIT_OBJECT_DIRECTORY")) {
            env.remove(name);
        }
        env.put("GIT_TERMINAL_PROMPT", "0");
        env.put("GIT_EDITOR", "true");
        env.put("GIT_PAGER", "cat");
        env.put("GIT_OPTIONAL_LOCKS", "0"); // a status must not rewrite the index under a running IDE
        env.remove("GIT_ASKPASS");
        env.remove("SSH_ASKPASS");
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new GitException("cannot run " + command.get(0) + " (is git installed and on the PATH?)");
        }
        process.getOutputStream().close();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        try {
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new GitException("git " + String.join(" ", args) + " did not finish in " + TIMEOUT_MINUTES
                        + " minutes");
            }
            return new Result(process.exitValue(), out.join(), err.join());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new GitException("interrupted while running git");
        }
    }

    /** Runs git and fails with its message when it exits non-zero. */
    public String check(String... args) throws IOException {
        Result result = run(args);
        if (!result.ok()) {
            throw new GitException("git " + String.join(" ", args) + " failed: " + result.message());
        }
        return result.out();
    }

    private static String read(InputStream in) {
        try (in) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
