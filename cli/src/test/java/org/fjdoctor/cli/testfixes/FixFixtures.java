package org.fjdoctor.cli.testfixes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A fork/join program with two copy-on-fork findings and one sleepy-worker finding, and git helpers. */
public final class FixFixtures {

    /** Lines 24 and 25 copy (the test SAFE fix qualifies them); line 17 sleeps (the REVIEW fix marks it). */
    public static final String SLEEPY = """
            package demo;

            import java.util.Arrays;
            import java.util.concurrent.RecursiveAction;

            public class Sleepy extends RecursiveAction {
                final int[] data; // not private: the real index-range rewrite only offers REVIEW, so the test fixes decide

                public Sleepy(int[] data) {
                    this.data = data;
                }

                @Override
                protected void compute() {
                    if (data.length < 16) {
                        try {
                            Thread.sleep(pause());
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return;
                    }
                    int mid = data.length / 2;
                    Sleepy left = new Sleepy(Arrays.copyOfRange(data, 0, mid));
                    Sleepy right = new Sleepy(Arrays.copyOfRange(data, mid, data.length));
                    invokeAll(left, right);
                }

                public static void main(String[] args) {
                    new Sleepy(new int[64]).invoke();
                    System.out.println("checksum=0");
                }

                // computed, not a plain read: the real managed-block rewrite is not SAFE, so the test fixes decide
                static long pause() {
                    return 1;
                }
            }
            """;

    /** {@link #SLEEPY} after the SAFE fixes. */
    public static final String SLEEPY_FIXED = SLEEPY.replace("new Sleepy(Arrays.", "new Sleepy(java.util.Arrays.");

    public static final String REVIEW_MARK = ReviewSleepFix.MARK;

    private FixFixtures() {
    }

    /** Runs git in {@code dir} with a test identity; fails the test when git fails. */
    public static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=Test User", "-c",
                "user.email=test@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"));
        command.addAll(List.of(args));
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
            builder.environment().remove("GIT_DIR");
            builder.environment().remove("GIT_WORK_TREE");
            builder.environment().remove("GIT_INDEX_FILE");
            Process process = builder.start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes());
            if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new AssertionError("git " + String.join(" ", args) + " failed:\n" + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A new repository in {@code dir} with everything in it committed. */
    public static Path commitAll(Path dir) {
        git(dir, "init", "-q");
        git(dir, "add", "-A");
        git(dir, "commit", "-q", "-m", "initial");
        return dir;
    }

    public static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
