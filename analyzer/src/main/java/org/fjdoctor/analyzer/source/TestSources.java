package org.fjdoctor.analyzer.source;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test sources: Maven's and Gradle's {@code src/test} (and {@code src/testFixtures}, {@code src/it},
 * {@code src/jmh}, Gradle's sets named for a kind of test such as {@code src/acceptanceTest}, unless a package starts there: {@code src/it/a} holding {@code package it.a}), a {@code test} or
 * {@code tests} folder at the root or in a module, and
 * {@code *Test.java}/{@code *Tests.java}/{@code *IT.java} files, and folders a build declares as test sources;
 * never anything under {@code src/main}, where a
 * package named {@code test} holds production code. A test that blocks a worker does so on purpose or harms only the test run, so
 * findings there are not reported unless the user includes tests, and then counted apart.
 */
public final class TestSources {

    /**
     * The names of a build's test source sets: Maven's and Gradle's {@code test}, and Gradle's further sets named
     * for the kind of test they hold ({@code integrationTest}, {@code acceptanceTest}, {@code distributedTest},
     * {@code upgradeTest}, ...), test fixtures, Maven's {@code it} and JMH benchmarks.
     */
    private static final String TEST_SETS = "test|tests|testFixtures|it|jmh|[a-z][A-Za-z0-9]*Tests?";

    /** A build's test source set anywhere, or a {@code test}/{@code tests} folder at the top or in a module. */
    private static final Pattern TEST_FOLDER = Pattern.compile(
            "(.*/)?src/(" + TEST_SETS + ")/.*|([^/]+/)?(test|tests)/.*");
    private static final Pattern TEST_FILE = Pattern.compile(".*(Test|Tests|TestCase|IT)\\.java");

    /**
     * A scanned root that is itself a build's source set, {@code src/<set>} or {@code src/<set>/<language>}:
     * the Maven plugin scans {@code src/main/java}, a user may scan {@code src/test/java}.
     */
    private static final Pattern SOURCE_SET_ROOT = Pattern.compile(
            ".*/src/(main|" + TEST_SETS + ")(/(java|kotlin|groovy|scala))?");

    private TestSources() {
    }

    /**
     * Whether {@code file}, {@code rootRelative} below the scanned root, is test code: in a folder that its
     * build declares as test or main sources (an Eclipse {@code .classpath}, Maven's
     * {@code <testSourceDirectory>}), by that; else, when the root is a source set itself, by that set (a
     * {@code *Test.java} in a {@code src/main/java} root is production code); else by the path below the
     * root ({@link #isTest(String)}).
     */
    public static boolean isTest(Path file, String rootRelative) {
        return isTest(file, rootRelative, null);
    }

    /** {@link #isTest(Path, String)} for a file read, whose declared package is known. */
    public static boolean isTest(SourceFile file) {
        return isTest(file.path(), file.rootRelative(), file.text());
    }

    /**
     * As {@link #isTest(Path, String)}, where {@code text}, the file's text when known, declares a package: a
     * {@code src/<set>} folder where the package starts ({@code src/it/ric/uny/Solver.java} declaring
     * {@code package it.ric.uny}) holds no source set but a package of {@code src}, a plain source root.
     */
    public static boolean isTest(Path file, String rootRelative, String text) {
        Optional<Boolean> declared = DeclaredSourceFolders.isTest(file);
        if (declared.isPresent()) {
            return declared.get();
        }
        String path = file.toString().replace('\\', '/');
        String below = rootRelative.replace('\\', '/');
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (path.contains("src/") && packageRootedInSrc(path, JavaPackages.declared(text))) {
            return TEST_FILE.matcher(name).matches();
        }
        if (path.endsWith("/" + below)) {
            Matcher root = SOURCE_SET_ROOT.matcher(path.substring(0, path.length() - below.length() - 1));
            if (root.matches()) {
                return !root.group(1).equals("main");
            }
        }
        return isTest(below);
    }

    /**
     * Whether the package path ends the file's folder right below a {@code src} folder, and begins with the name
     * of a source set ({@code src/it/ric/uny} for {@code it.ric.uny}): then {@code src} is the source root.
     */
    private static boolean packageRootedInSrc(String path, String declaredPackage) {
        if (declaredPackage == null) {
            return false;
        }
        String folder = "/" + path.substring(0, Math.max(path.lastIndexOf('/'), 0));
        String packagePath = declaredPackage.replace('.', '/');
        return folder.endsWith("/src/" + packagePath)
                && SOURCE_SET_ROOT.matcher("/src/" + packagePath.split("/")[0]).matches();
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
