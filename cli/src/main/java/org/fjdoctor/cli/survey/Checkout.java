package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.fjdoctor.reports.Git;

/**
 * Puts one manifest entry's commit into a fresh work directory with git (hooks, filters and credential
 * prompts off: the repositories are strangers' code). A location is a git URL, a local work tree or bare
 * repository, a bundle file, or a plain directory without git (scanned where it is, at no commit).
 */
final class Checkout {

    /** A checkout that failed; the message is the reason the result records. */
    static final class CheckoutException extends Exception {
        private static final long serialVersionUID = 1L;

        CheckoutException(String message) {
            super(message);
        }
    }

    /** The tree to scan and the commit it is at (empty for a plain directory). */
    record Tree(Path directory, Optional<String> revision) {
    }

    private static final Pattern GITHUB = Pattern.compile("(?:https?://|git@)github\\.com[/:]([^/]+)/([^/]+?)(?:\\.git)?/?");

    private final Optional<Path> mirrors;

    /** @param mirrors where {@code https://github.com/o/n} may already be, as {@code o+n} (a clone or bare repo) */
    Checkout(Optional<Path> mirrors) {
        this.mirrors = mirrors;
    }

    Tree checkOut(Manifest.Entry entry, Path work) throws CheckoutException, IOException {
        Path local = localPath(entry.location());
        if (local != null && Files.isDirectory(local) && !isGit(local)) {
            if (entry.commit() != null) {
                throw new CheckoutException("checkout failed: " + entry.location() + " is not a git repository,"
                        + " so commit " + entry.commit() + " cannot be checked out");
            }
            return new Tree(local.toAbsolutePath().normalize(), Optional.empty());
        }
        String source = local != null ? local.toAbsolutePath().toString() : mirrored(entry.location());
        if (local != null && !Files.exists(local)) {
            throw new CheckoutException("checkout failed: no such file or directory: " + entry.location());
        }
        Files.createDirectories(work.getParent());
        Git.Result clone = new Git(work.getParent()).run("clone", "--quiet", "--no-checkout", "--", source,
                work.getFileName().toString());
        if (!clone.ok()) {
            throw new CheckoutException("clone failed: " + clone.message());
        }
        Git git = new Git(work);
        Git.Result resolved = git.run("rev-parse", "--verify", "--quiet", entry.revision() + "^{commit}");
        if (!resolved.ok()) {
            // a branch other than the default one is only a remote-tracking branch in a fresh clone
            resolved = git.run("rev-parse", "--verify", "--quiet", "origin/" + entry.revision() + "^{commit}");
        }
        if (!resolved.ok()) {
            throw new CheckoutException("checkout failed: no commit " + entry.revision() + " in " + entry.location());
        }
        String commit = resolved.out().strip();
        Git.Result checkout = git.run("checkout", "--quiet", "--detach", commit);
        if (!checkout.ok()) {
            throw new CheckoutException("checkout failed: " + checkout.message());
        }
        return new Tree(work, Optional.of(commit));
    }

    /** A URL stays a URL, unless it is a GitHub repository found among the mirrors. */
    private String mirrored(String url) {
        Matcher github = GITHUB.matcher(url);
        if (mirrors.isEmpty() || !github.matches()) {
            return url;
        }
        Path candidate = mirrors.get().resolve(github.group(1) + "+" + github.group(2));
        if (!Files.isDirectory(candidate)) {
            return url;
        }
        if (isGit(candidate)) {
            return candidate.toAbsolutePath().toString();
        }
        return firstBareRepository(candidate).map(p -> p.toAbsolutePath().toString()).orElse(url);
    }

    private static Optional<Path> firstBareRepository(Path directory) {
        try (Stream<Path> walk = Files.walk(directory, 3)) {
            return walk.filter(Files::isDirectory).filter(Checkout::isBare).sorted().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A path for a location that is not a URL ({@code scheme://} or {@code user@host:path}). */
    private static Path localPath(String location) {
        if (location.contains("://") || location.matches("[^/\\\\]+@[^/\\\\]+:.*")) {
            return location.startsWith("file://") ? Path.of(location.substring("file://".length())) : null;
        }
        return Path.of(location);
    }

    private static boolean isGit(Path directory) {
        return Files.exists(directory.resolve(".git")) || isBare(directory);
    }

    private static boolean isBare(Path directory) {
        return Files.isRegularFile(directory.resolve("HEAD")) && Files.isDirectory(directory.resolve("objects"))
                && Files.isDirectory(directory.resolve("refs"));
    }
}
