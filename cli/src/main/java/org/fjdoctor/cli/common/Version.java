package org.fjdoctor.cli.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import org.fjdoctor.reports.FjdoctorVersion;

import picocli.CommandLine.IVersionProvider;

/** The build's version, from a resource the build filters (so it also works outside the jar). */
public final class Version implements IVersionProvider {

    private static final Properties PROPERTIES = load();

    /** The fjdoctor version, e.g. {@code 0.1.0}: the one the reports name. */
    public static String fjdoctor() {
        return FjdoctorVersion.get();
    }

    /** The maven-dependency-plugin version that {@code scan --maven} asks for. */
    public static String dependencyPlugin() {
        return PROPERTIES.getProperty("dependency-plugin.version", "3.9.0");
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "fjdoctor " + fjdoctor(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        };
    }

    private static Properties load() {
        Properties properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("fjdoctor.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
