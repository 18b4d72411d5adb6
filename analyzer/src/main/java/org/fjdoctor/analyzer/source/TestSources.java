package org.fjdoctor.analyzer.source;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Test sources: Maven's and Gradle's {@code src/test} (and {@code src/testFixtures}, {@code src/it},
 * {@code src/jmh}), a {@code test} or {@code tests} folder, and {@code *Test.java}/{@code *Tests.java}/
 * {@code *IT.java} files. A test that blocks a worker does so on purpose or harms only the test run, so
 * findings there are reported apart: as notes, counted separately, unless the user includes tests.
 */
public final class TestSources {

    private static final Pattern TEST_FOLDER = Pattern.compile(
            "(^|.*/)(src/(test|tests|testFixtures|it|integrationTest|jmh)|test|tests)/.*");
    private static final Pattern TEST_FILE = Pattern.compile(".*(Test|Tests|TestCase|IT)\\.java");

    private TestSources() {
    }

    /** Whether the file at {@code path} (relative, with {@code /}) is test code. */
    public static boolean isTest(String path) {
        String normal = path.replace('\\', '/');
        String name = normal.substring(normal.lastIndexOf('/') + 1);
        return TEST_FOLDER.matcher(normal).matches()
                || TEST_FILE.matcher(name).matches() && !normal.toLowerCase(Locale.ROOT).contains("/main/");
    }
}
