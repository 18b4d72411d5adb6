package org.fjdoctor.reports;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version reports name as their tool's, from a resource the build filters (so it also works outside a jar). */
public final class FjdoctorVersion {

    private static final String VERSION = load();

    private FjdoctorVersion() {
    }

    /** e.g. {@code 0.1.0} */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        Properties properties = new Properties();
        try (InputStream in = FjdoctorVersion.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version", "unknown");
    }
}
