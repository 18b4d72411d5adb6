package org.fjdoctor.reports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version reports name as their tool's, from a resource the build filters (so it also works outside a jar). */
public final class FjdoctorVersion {

    private static final Properties PROPERTIES = load();
    private static final String VERSION = PROPERTIES.getProperty("version", "unknown");

    private FjdoctorVersion() {
    }

    /** e.g. {@code 0.1.0} */
    public static String get() {
        return VERSION;
    }

    /**
     * The project's address, set once in the parent POM ({@code fjdoctor.url}); until the project has a
     * public one it is a placeholder under {@code .invalid}, a name that never resolves, so no report links
     * to an address someone else could own.
     */
    public static String url() {
        return PROPERTIES.getProperty("url", "https://fjdoctor.invalid/fjdoctor");
    }

    private static Properties load() {
        Properties properties = new Properties();
        try (InputStream in = FjdoctorVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
