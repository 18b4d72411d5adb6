package org.fjdoctor.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The Eclipse update site that {@code package} built, read as p2 reads it: the zip that "Install New
 * Software > Add > Archive..." takes, its {@code content.jar} (the installable units and what they require)
 * and {@code artifacts.jar} (the files behind them).
 */
class UpdateSiteIT {

    private static final String VERSION = System.getProperty("fjdoctor.version");
    private static final String BUNDLE_VERSION = System.getProperty("fjdoctor.eclipse.bundle.version");
    private static final Path ZIP = Path.of(System.getProperty("fjdoctor.archives"),
            "fjdoctor-eclipse-updatesite-" + VERSION + ".zip");

    private static final String BUNDLE = "org.fjdoctor.eclipse";
    private static final String FEATURE_GROUP = "org.fjdoctor.eclipse.feature.feature.group";
    private static final String BUNDLE_JAR = "plugins/" + BUNDLE + "_" + BUNDLE_VERSION + ".jar";
    private static final String FEATURE_JAR = "features/org.fjdoctor.eclipse.feature_" + BUNDLE_VERSION + ".jar";

    private static Document content;
    private static Document artifacts;

    @BeforeAll
    static void readTheRepositoryIndexes() throws Exception {
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            content = xmlInside(zip, "content.jar", "content.xml");
            artifacts = xmlInside(zip, "artifacts.jar", "artifacts.xml");
        }
    }

    @Test
    void theZipHoldsTheRepositoryAtItsRoot() throws IOException {
        Set<String> files = new TreeSet<>();
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            zip.stream().filter(entry -> !entry.isDirectory()).forEach(entry -> files.add(entry.getName()));
        }
        assertEquals(new TreeSet<>(List.of("artifacts.jar", "content.jar", FEATURE_JAR, BUNDLE_JAR)), files);
    }

    @Test
    void theFeatureRequiresExactlyTheBundleThatIsInTheRepository() throws IOException {
        Element feature = unit(FEATURE_GROUP);
        assertEquals(BUNDLE_VERSION, feature.getAttribute("version"));
        assertEquals("true", property(feature, "org.eclipse.equinox.p2.type.group"));
        assertEquals("fjdoctor", property(feature, "org.eclipse.equinox.p2.name"));
        Element bundleRequirement = required(feature, "org.eclipse.equinox.p2.iu", BUNDLE);
        assertEquals("[" + BUNDLE_VERSION + "," + BUNDLE_VERSION + "]", bundleRequirement.getAttribute("range"));

        assertEquals(BUNDLE_VERSION, unit(BUNDLE).getAttribute("version"));
        Manifest manifest = bundleManifest();
        assertEquals(BUNDLE + ";singleton:=true", manifest.getMainAttributes().getValue("Bundle-SymbolicName"));
        assertEquals(BUNDLE_VERSION, manifest.getMainAttributes().getValue("Bundle-Version"));
    }

    @Test
    void theBundleRequiresEclipseCoreAndOptionallyItsUiButNeverEclipsesJdt() {
        Element bundle = unit(BUNDLE);
        Set<String> mandatory = new TreeSet<>();
        Set<String> optional = new TreeSet<>();
        for (Element requirement : children(bundle, "required")) {
            String name = requirement.getAttribute("name");
            assertFalse(name.startsWith("org.eclipse.jdt"), "the engine embeds its own JDT: " + name);
            if (requirement.getAttribute("namespace").equals("osgi.bundle")) {
                ("true".equals(requirement.getAttribute("optional")) ? optional : mandatory).add(name);
            }
        }
        assertEquals(Set.of("org.eclipse.core.runtime", "org.eclipse.core.resources", "org.eclipse.text",
                "org.eclipse.core.filebuffers"), mandatory);
        assertTrue(optional.containsAll(Set.of("org.eclipse.ui.ide", "org.eclipse.ui.workbench", "org.eclipse.jface")),
                optional::toString);
        assertEquals("[3.31.0,4.0.0)", required(bundle, "osgi.bundle", "org.eclipse.core.runtime").getAttribute("range"));

        Element javaLevel = children(bundle, "requiredProperties").get(0);
        assertEquals("osgi.ee", javaLevel.getAttribute("namespace"));
        assertEquals("(&(osgi.ee=JavaSE)(version=17))", javaLevel.getAttribute("match"));
    }

    @Test
    void aCategoryListsTheFeatureSoThatInstallNewSoftwareShowsIt() {
        List<Element> categories = children(content.getDocumentElement(), "unit").stream()
                .filter(unit -> "true".equals(property(unit, "org.eclipse.equinox.p2.type.category")))
                .toList();
        assertEquals(1, categories.size());
        Element category = categories.get(0);
        assertEquals("fjdoctor", property(category, "org.eclipse.equinox.p2.name"));
        assertEquals("[" + BUNDLE_VERSION + "," + BUNDLE_VERSION + "]",
                required(category, "org.eclipse.equinox.p2.iu", FEATURE_GROUP).getAttribute("range"));
    }

    @Test
    void theArtifactIndexListsTheBundleAndTheFeatureWithTheirSizesAndChecksums() throws IOException {
        Element bundle = artifact("osgi.bundle", BUNDLE);
        assertEquals(BUNDLE_VERSION, bundle.getAttribute("version"));
        Element feature = artifact("org.eclipse.update.feature", "org.fjdoctor.eclipse.feature");
        assertEquals(BUNDLE_VERSION, feature.getAttribute("version"));
        try (ZipFile zip = new ZipFile(ZIP.toFile())) {
            assertEquals(String.valueOf(zip.getEntry(BUNDLE_JAR).getSize()), property(bundle, "download.size"));
            assertEquals(String.valueOf(zip.getEntry(FEATURE_JAR).getSize()), property(feature, "download.size"));
        }
        // What p2 verifies a download against; without it Eclipse warns that it cannot check the file.
        for (Element artifact : List.of(bundle, feature)) {
            assertTrue(property(artifact, "download.checksum.sha-256") != null,
                    artifact.getAttribute("id") + " has no SHA-256 checksum");
        }
    }

    private static Element unit(String id) {
        return children(content.getDocumentElement(), "unit").stream()
                .filter(unit -> unit.getAttribute("id").equals(id))
                .reduce((first, second) -> {
                    throw new AssertionError("two units " + id);
                })
                .orElseThrow(() -> new AssertionError("no unit " + id));
    }

    private static Element artifact(String classifier, String id) {
        return children(artifacts.getDocumentElement(), "artifact").stream()
                .filter(artifact -> artifact.getAttribute("classifier").equals(classifier)
                        && artifact.getAttribute("id").equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no artifact " + classifier + " " + id));
    }

    private static Element required(Element unit, String namespace, String name) {
        return children(unit, "required").stream()
                .filter(required -> required.getAttribute("namespace").equals(namespace)
                        && required.getAttribute("name").equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(unit.getAttribute("id") + " does not require " + name));
    }

    private static String property(Element owner, String name) {
        return children(owner, "property").stream()
                .filter(property -> property.getAttribute("name").equals(name))
                .map(property -> property.getAttribute("value"))
                .findFirst()
                .orElse(null);
    }

    /** The descendants named {@code tag}; p2's indexes nest them in one wrapper per kind. */
    private static List<Element> children(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element element = (Element) nodes.item(i);
            // Only the parent's own: a unit's properties, not its provided capabilities' properties.
            if (element.getParentNode().getParentNode() == parent) {
                elements.add(element);
            }
        }
        return elements;
    }

    private static Manifest bundleManifest() throws IOException {
        try (ZipFile zip = new ZipFile(ZIP.toFile());
                JarInputStream jar = new JarInputStream(zip.getInputStream(zip.getEntry(BUNDLE_JAR)))) {
            Manifest manifest = jar.getManifest();
            assertNotNull(manifest, BUNDLE_JAR + " has no manifest");
            return manifest;
        }
    }

    private static Document xmlInside(ZipFile zip, String jarName, String xmlName) throws Exception {
        ZipEntry jarEntry = zip.getEntry(jarName);
        assertNotNull(jarEntry, ZIP + " has no " + jarName);
        try (ZipInputStream jar = new ZipInputStream(zip.getInputStream(jarEntry))) {
            for (ZipEntry entry = jar.getNextEntry(); entry != null; entry = jar.getNextEntry()) {
                if (entry.getName().equals(xmlName)) {
                    return parse(new ByteArrayInputStream(jar.readAllBytes()));
                }
            }
        }
        throw new AssertionError(jarName + " has no " + xmlName);
    }

    private static Document parse(InputStream xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(xml);
    }
}
