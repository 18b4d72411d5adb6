package org.fjdoctor.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipFile;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What p2's director left in {@code target/it-eclipse} (pre-integration-test): it installed the feature from
 * the update site zip, as "Install New Software" does, into an empty installation whose only other
 * repository holds the Eclipse 2024-03 core bundles from Maven Central. A failed resolution already failed
 * the build there; this checks what was installed.
 */
class UpdateSiteInstallIT {

    private static final String VERSION = System.getProperty("fjdoctor.version");
    private static final String BUNDLE_VERSION = System.getProperty("fjdoctor.eclipse.bundle.version");
    private static final Path ZIP = Path.of(System.getProperty("fjdoctor.archives"),
            "fjdoctor-eclipse-updatesite-" + VERSION + ".zip");
    private static final Path ECLIPSE = Path.of(System.getProperty("fjdoctor.eclipse.installation"));

    @Test
    void theBundleAndTheFeatureAreInstalledAsTheSiteHoldsThem() throws IOException {
        String bundleJar = "plugins/org.fjdoctor.eclipse_" + BUNDLE_VERSION + ".jar";
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            assertEquals(zip.getEntry(bundleJar).getSize(), Files.size(ECLIPSE.resolve(bundleJar)));
        }
        // p2 unpacks a feature into a folder of the installation.
        Path featureXml = ECLIPSE.resolve("features/org.fjdoctor.eclipse.feature_" + BUNDLE_VERSION + "/feature.xml");
        assertTrue(Files.readString(featureXml).contains("version=\"" + BUNDLE_VERSION + "\""));
    }

    @Test
    void theProfileHasTheFeatureTheBundleAndTheEclipseCoreItRequiresButNoJdt() throws Exception {
        Set<String> installed = installedUnits();
        assertTrue(installed.containsAll(List.of("org.fjdoctor.eclipse.feature.feature.group",
                "org.fjdoctor.eclipse", "org.eclipse.core.runtime", "org.eclipse.core.resources",
                "org.eclipse.text", "org.eclipse.core.filebuffers")), installed::toString);
        assertTrue(installed.stream().noneMatch(id -> id.startsWith("org.eclipse.jdt")), installed::toString);
        // The UI bundles are optional requirements: p2 does not pull them into a headless installation.
        assertTrue(installed.stream().noneMatch(id -> id.startsWith("org.eclipse.ui")), installed::toString);
    }

    /** The unit ids of the newest state of the profile the director wrote. */
    private static Set<String> installedUnits() throws Exception {
        Path registry = ECLIPSE.resolve("p2/org.eclipse.equinox.p2.engine/profileRegistry/SDKProfile.profile");
        Path newest;
        try (Stream<Path> states = Files.list(registry)) {
            newest = states.filter(path -> path.getFileName().toString().endsWith(".profile.gz"))
                    .max(Path::compareTo)
                    .orElseThrow(() -> new AssertionError("no profile in " + registry));
        }
        Document profile;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(newest))) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            profile = factory.newDocumentBuilder().parse(in);
        }
        Set<String> ids = new TreeSet<>();
        NodeList units = profile.getElementsByTagName("unit");
        for (int i = 0; i < units.getLength(); i++) {
            ids.add(((Element) units.item(i)).getAttribute("id"));
        }
        return ids;
    }
}
