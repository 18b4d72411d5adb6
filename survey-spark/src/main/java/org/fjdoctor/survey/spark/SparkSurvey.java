package org.fjdoctor.survey.spark;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.fjdoctor.cli.survey.Durations;
import org.fjdoctor.cli.survey.Manifest;
import org.fjdoctor.cli.survey.RepoResult;
import org.fjdoctor.cli.survey.RepoSurvey;
import org.fjdoctor.cli.survey.SummaryWriter;
import org.fjdoctor.cli.survey.SurveyDirectory;
import org.fjdoctor.cli.survey.SurveyOptions;
import org.fjdoctor.cli.survey.SurveyRun;
import org.fjdoctor.cli.survey.SurveySettings;
import org.fjdoctor.cli.survey.SurveySummary;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fjdoctor survey} as a Spark job: the driver reads the manifest, each task surveys one repository
 * exactly as the embedded engine does ({@link RepoSurvey}: checkout, lexical census, scan in a child JVM),
 * and the driver writes {@code repos/<name>.json}, all results as Parquet ({@code parquet/}) and JSON lines
 * ({@code json/}), and the same summaries as the embedded engine. Run by {@code fjdoctor survey --engine spark}
 * or by {@code spark-submit} on a cluster (then the executors find fjdoctor's jar among the job's files).
 */
@Command(name = "fjdoctor-survey-spark", mixinStandardHelpOptions = true,
        description = "fjdoctor survey as an Apache Spark job, one repository per task (docs/survey.md).")
public final class SparkSurvey implements Callable<Integer> {

    @Mixin
    SurveyOptions options;

    @Option(names = "--master", paramLabel = "URL",
            description = "The Spark master (default: what spark-submit sets, else local[*]).")
    String master;

    @Option(names = "--fjdoctor-jar", paramLabel = "JAR",
            description = "fjdoctor's runnable jar as the executors see it (default: fjdoctor.jar from the job's"
                    + " --files, else this JVM's class path).")
    String fjdoctorJar;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the job in this JVM; the exit code. */
    public static int run(String... args) {
        return new CommandLine(new SparkSurvey()).setCaseInsensitiveEnumValuesAllowed(true).execute(args);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        String error = options.error();
        if (error != null) {
            err.println("fjdoctor: " + error);
            return 2;
        }
        List<Manifest.Entry> entries;
        try {
            entries = Manifest.read(options.manifest);
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("fjdoctor: no such manifest: " + options.manifest);
            return 2;
        } catch (Manifest.ManifestException e) {
            err.println("fjdoctor: " + e.getMessage());
            return 2;
        }
        Path out = options.output.toAbsolutePath();
        Files.createDirectories(out);
        SurveyDirectory directory = new SurveyDirectory(out);
        List<Manifest.Entry> todo = new ArrayList<>();
        for (Manifest.Entry entry : entries) {
            if (!options.resume || directory.finished(entry).isEmpty()) {
                todo.add(entry);
            }
        }
        long start = System.nanoTime();
        SparkSession.Builder builder = SparkSession.builder().appName("fjdoctor survey");
        if (master != null) {
            builder.master(master);
        } else if (!System.getProperties().containsKey("spark.master")) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            err.println("fjdoctor: survey on Spark (" + spark.sparkContext().master() + "): " + todo.size()
                    + " repositories to survey, " + (entries.size() - todo.size()) + " resumed");
            TaskProgress progress = new TaskProgress(err, todo.size());
            spark.sparkContext().addSparkListener(progress);
            List<String> surveyed = surveyAll(spark, todo, options.settings(), fjdoctorJar,
                    options.patches ? out.resolve("patches").toString() : null);
            spark.sparkContext().removeSparkListener(progress);
            for (String json : surveyed) {
                directory.write(RepoResult.fromJson(json));
            }
            List<RepoResult> results = directory.results(entries);
            writeTables(spark, results, out);
            long millis = (System.nanoTime() - start) / 1_000_000;
            SurveyRun run = new SurveyRun("spark (" + spark.sparkContext().master() + ")",
                    spark.sparkContext().defaultParallelism(), millis, options.manifest.toString(), todo.size(),
                    entries.size() - todo.size());
            SummaryWriter.write(out, SurveySummary.of(directory.recordRun(run, options.resume), results));
            long failed = results.stream().filter(r -> !r.scanned()).count();
            err.println("fjdoctor: survey: " + results.size() + " repositories (" + failed + " failed) in "
                    + Durations.format(java.time.Duration.ofMillis(millis)) + "; summary in " + out.resolve("summary.md"));
        } finally {
            spark.stop();
        }
        return 0;
    }

    /** One task per repository; each returns its result as JSON. */
    static List<String> surveyAll(SparkSession spark, List<Manifest.Entry> todo, SurveySettings settings,
                                  String fjdoctorJar, String patches) {
        if (todo.isEmpty()) {
            return List.of();
        }
        JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return context.parallelize(todo, todo.size()).map(entry -> {
            Path scratch = Files.createTempDirectory("fjdoctor-survey-");
            try {
                RepoSurvey survey = new RepoSurvey(settings, javaHere(), classpath(fjdoctorJar));
                return survey.survey(entry, scratch.resolve(entry.name()),
                        patches == null ? null : Path.of(patches, entry.name())).toJson();
            } finally {
                Files.deleteIfExists(scratch);
            }
        }).collect();
    }

    /** The results as Parquet and as JSON lines, for whatever reads them next (Spark SQL, pandas, DuckDB). */
    private static void writeTables(SparkSession spark, List<RepoResult> results, Path out) {
        List<String> json = results.stream().map(RepoResult::toJson).toList();
        Dataset<Row> table = spark.read().json(spark.createDataset(json, Encoders.STRING()));
        table.write().mode(SaveMode.Overwrite).parquet(out.resolve("parquet").toString());
        table.write().mode(SaveMode.Overwrite).json(out.resolve("json").toString());
    }

    private static String javaHere() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Where fjdoctor is for the child JVMs, as seen from the executor running the task. */
    private static String classpath(String fjdoctorJar) throws IOException {
        if (fjdoctorJar != null) {
            return fjdoctorJar;
        }
        try {
            Path shipped = Path.of(SparkFiles.get("fjdoctor.jar"));
            if (Files.isRegularFile(shipped)) {
                return shipped.toString();
            }
        } catch (RuntimeException e) {
            // no files shipped with the job
        }
        return System.getProperty("java.class.path");
    }
}
