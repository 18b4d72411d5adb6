package org.fjdoctor.analyzer.model;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

/**
 * The class loader Spoon builds no-classpath shadow types through, by reflection. Spoon's default has the
 * thread's context class loader as parent, which sees fjdoctor's own libraries (JDT, Spoon, Jackson, Gson,
 * commons, SnakeYAML): a project using one of them would be typed by fjdoctor's copy, another version, and
 * one of them (JDT) breaks Spoon's reflection. This one sees the JDK (the platform class loader) and the
 * project's resolved classpath only, whatever front end runs the scan.
 */
final class ProjectClassLoader {

    private ProjectClassLoader() {
    }

    /**
     * A loader over {@code classpath} whose parent is the platform class loader. Its jars stay open while the
     * model lives: Spoon builds shadow types lazily, while rules run.
     */
    static ClassLoader of(List<Path> classpath) {
        URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = classpath.get(i).toAbsolutePath().toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a classpath entry: " + classpath.get(i), e);
            }
        }
        return new URLClassLoader("fjdoctor-project", urls, ClassLoader.getPlatformClassLoader());
    }
}
