package org.fjdoctor.analyzer.model;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;

import spoon.reflect.CtModel;

/**
 * The class loader Spoon builds no-classpath shadow types through, by reflection. Spoon's default has the
 * thread's context class loader as parent, which sees fjdoctor's own libraries (JDT, Spoon, Jackson, Gson,
 * commons, SnakeYAML): a project using one of them would be typed by fjdoctor's copy, another version, and
 * one of them (JDT) breaks Spoon's reflection. This one sees the JDK (the platform class loader) and the
 * project's resolved classpath only, whatever front end runs the scan.
 */
final class ProjectClassLoader {

    private static final String NAME = "fjdoctor-project";

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
        return new URLClassLoader(NAME, urls, ClassLoader.getPlatformClassLoader());
    }

    /**
     * Closes the loader {@link #of} made for {@code spoon}, and with it the project's jars it holds open: for a
     * model nothing will type through again (a warm engine's, rebuilt or closed), which would otherwise keep
     * them open until the loader is collected.
     */
    static void close(CtModel spoon) {
        if (spoon.getRootPackage().getFactory().getEnvironment().getInputClassLoader() instanceof URLClassLoader loader
                && NAME.equals(loader.getName())) {
            try {
                loader.close();
            } catch (IOException e) {
                // a jar that cannot be closed now stays open until the loader is collected, as before
            }
        }
    }
}
