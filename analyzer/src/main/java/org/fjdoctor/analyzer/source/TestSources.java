package org.fjdoctor.analyzer.source;

import java.util.regex.Pattern;

/**
 * Test sources: Maven's and Gradle's {@code src/test} (and {@code src/testFixtures}, {@code src/it},
 * {@code src/jmh}), a {@code test} or {@code tests} folder at the root or in a module, and
 * {@code *Test.java}/{@code *Tests.java}/{@code *IT.java} files; never anything under {@code src/main}, where a
 * package named {@code test} holds production code. A test that blocks a worker does so on purpose or harms only the test run, so
 * findings there are reported apart: as notes, counted separately, unless the user includes tests.
 */
public final class TestSources {

    /** A build's test source set anywhere, or a {@code test}/{@code tests} folder at the top or in a module. */
    private static final Pattern TEST_FOLDER = Pattern.compile(
            "(.*/)?src/(test|tests|testFixtures|it|integrationTest|jmh)/.*|([^/]+/)?(test|tests)/.*");
    private static final Pattern TEST_FILE = Pattern.compile(".*(Test|Tests|TestCase|IT)\\.java");

    private TestSources() {
    }

    /** Whether the file at {@code path} (relative, with {@code /}) is test code. */
    public static boolean isTest(String path) {
        String normal = path.replace('\\', '/');
        String name = normal.substring(normal.lastIndexOf('/') + 1);
        if (normal.startsWith("src/main/") || normal.contains("/src/main/")) {
            return false; // production sources, whatever their packages are called (a search.test package)
        }
        return TEST_FOLDER.matcher(normal).matches() || TEST_FILE.matcher(name).matches();
    }
}
