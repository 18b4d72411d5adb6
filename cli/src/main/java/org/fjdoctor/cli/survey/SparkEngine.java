package org.fjdoctor.cli.survey;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code --engine spark}: runs the survey module's main class in a JVM of its own with Spark on its class
 * path, so that the command line's jar carries no Spark. The Spark jars are looked for in
 * {@code $FJDOCTOR_SPARK_LIB}, beside the runnable jar ({@code lib/spark/} of the distribution once its Spark
 * archive is unpacked over it), or in this checkout's {@code survey-spark/target/spark-lib/}.
 */
final class SparkEngine {

    /** The main class that {@code spark-submit} runs too. */
    static final String MAIN = "org.fjdoctor.survey.spark.SparkSurvey";

    /** What Spark 4 needs opened on Java 17 (what spark-submit's launcher adds). */
    static final List<String> JAVA_OPTIONS = List.of("-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Djdk.reflect.useDirectMethodHandle=false", "-Dio.netty.tryReflectionSetAccessible=true");

    private SparkEngine() {
    }

    /** Runs the Spark main class with {@code args} and {@code --master}; its exit code, or 2 when Spark is not there. */
    static int run(String master, List<String> args, PrintWriter err) throws IOException, InterruptedException {
        Optional<Path> ownJar = ownJar();
        Optional<Path> lib = sparkLib(ownJar);
        if (lib.isEmpty() || ownJar.isEmpty()) {
            err.println("fjdoctor: the Spark engine is not installed here: no Spark jars in $FJDOCTOR_SPARK_LIB,"
                    + " lib/spark/ beside fjdoctor.jar (unpack fjdoctor-<version>-spark.tar.gz over the distribution)"
                    + " or survey-spark/target/spark-lib/ (./mvnw package -pl survey-spark -am). On a cluster: "
                    + "spark-submit --class " + MAIN + " --files fjdoctor.jar fjdoctor-survey-spark.jar MANIFEST -o DIR"
                    + " (docs/survey.md). Without --engine the survey runs on this machine.");
            err.flush();
            return 2;
        }
        List<String> command = new ArrayList<>();
        command.add(ChildJvm.current().java());
        command.addAll(JAVA_OPTIONS);
        command.addAll(List.of("-cp", lib.get() + "/*", MAIN, "--master", master, "--fjdoctor-jar", ownJar.get().toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).inheritIO().start();
        return process.waitFor();
    }

    /** fjdoctor's runnable jar, when this code runs from one. */
    static Optional<Path> ownJar() {
        try {
            Path location = Path.of(SparkEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(location) ? Optional.of(location) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> sparkLib(Optional<Path> ownJar) {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getenv("FJDOCTOR_SPARK_LIB");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        ownJar.map(Path::getParent).ifPresent(dir -> {
            candidates.add(dir.resolve("spark"));
            candidates.add(dir.resolve("../../survey-spark/target/spark-lib").normalize());
        });
        return candidates.stream().filter(SparkEngine::holdsSurveyJar).findFirst();
    }

    private static boolean holdsSurveyJar(Path dir) {
        try (var files = Files.list(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().startsWith("fjdoctor-survey-spark"));
        } catch (IOException e) {
            return false;
        }
    }
}
