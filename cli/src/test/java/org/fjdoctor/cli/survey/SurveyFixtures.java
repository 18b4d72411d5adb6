package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.fjdoctor.cli.SourceTrees;
import org.fjdoctor.cli.testfixes.FixFixtures;

/** Tiny repositories for surveys, made with git in a test's directory. Public: the Spark engine's test uses them too. */
public final class SurveyFixtures {

    /** A task that sleeps in compute() and copies its input for its subtasks. */
    public static final String SLEEPY = FixFixtures.SLEEPY;

    /** A test class that sleeps in a task: a finding in test code. */
    public static final String SLEEPY_TEST = """
            package demo;

            import java.util.concurrent.RecursiveAction;

            class SleepyTest extends RecursiveAction {
                static SleepyTest make() {
                    return new SleepyTest();
                }

                @Override
                protected void compute() {
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            """;

    private SurveyFixtures() {
    }

    /** A Maven project with one fork/join task in main code and one in test code, committed. */
    public static Path forkJoinRepo(Path dir) {
        SourceTrees.write(dir.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion><groupId>d</groupId>"
                + "<artifactId>d</artifactId><version>1</version><properties><maven.compiler.release>11"
                + "</maven.compiler.release></properties></project>\n");
        SourceTrees.write(dir.resolve("src/main/java/demo/Sleepy.java"), SLEEPY);
        SourceTrees.write(dir.resolve("src/test/java/demo/SleepyTest.java"), SLEEPY_TEST);
        return FixFixtures.commitAll(dir);
    }

    /** A repository without fork/join code, committed. */
    public static Path plainRepo(Path dir) {
        SourceTrees.write(dir.resolve("src/Hello.java"), "class Hello {\n    int answer() {\n        return 42;\n    }\n}\n");
        return FixFixtures.commitAll(dir);
    }

    /** A repository with no Java file, committed. */
    public static Path docsRepo(Path dir) {
        SourceTrees.write(dir.resolve("README.md"), "# only words\n");
        return FixFixtures.commitAll(dir);
    }

    /** A bare clone of {@code repo} at {@code bare}. */
    public static Path bareClone(Path repo, Path bare) {
        FixFixtures.git(repo, "clone", "-q", "--bare", repo.toString(), bare.toString());
        return bare;
    }

    /** A bundle of all of {@code repo}'s refs. */
    public static Path bundle(Path repo, Path file) {
        FixFixtures.git(repo, "bundle", "create", file.toString(), "--all");
        return file;
    }

    public static String head(Path repo) {
        return FixFixtures.git(repo, "rev-parse", "HEAD").strip();
    }

    public static Path manifest(Path file, String... lines) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
