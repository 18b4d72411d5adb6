package org.fjdoctor.eclipse.osgi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleReference;
import org.osgi.framework.Constants;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * The packaged bundle in a real Equinox next to Eclipse's own JDT (2024-03, 3.37) while the engine
 * inside uses Spoon's (3.46): it resolves and starts, its extensions are registered, and a scan run
 * through its classes finds what the corpus program expects.
 */
class EquinoxIT {

    static final Path CORPUS = Path.of("../corpus/src/main/java/corpus").toAbsolutePath().normalize();
    static final String PLUGIN = "org.fjdoctor.eclipse";

    @TempDir
    static Path work;

    static Equinox equinox;
    static boolean resolved;

    @BeforeAll
    static void launch() throws Exception {
        equinox = new Equinox(work);
        resolved = equinox.resolveAll();
        equinox.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (equinox != null) {
            equinox.close();
        }
    }

    @Test
    void everyBundleResolvesAndThePluginStarts() {
        List<String> unresolved = new ArrayList<>();
        for (Bundle bundle : equinox.bundles) {
            if ((bundle.getState() & (Bundle.INSTALLED | Bundle.UNINSTALLED)) != 0) {
                unresolved.add(bundle.getSymbolicName());
            }
        }
        assertEquals(List.of(), unresolved);
        assertTrue(resolved);
        Bundle plugin = equinox.plugin;
        assertEquals(PLUGIN, plugin.getSymbolicName());
        assertEquals(Equinox.property("fjdoctor.bundle.version"), plugin.getVersion().toString());
        assertEquals(Equinox.property("fjdoctor.project.version").replace('-', '.'), plugin.getVersion().toString());
        // Lazy activation: STARTING until a class is loaded from it, then ACTIVE.
        assertTrue((plugin.getState() & (Bundle.STARTING | Bundle.ACTIVE)) != 0, "state " + plugin.getState());
        Reflect.type(plugin, "org.fjdoctor.eclipse.engine.Settings");
        assertEquals(Bundle.ACTIVE, plugin.getState());
    }

    @Test
    void eclipsesJdtAndTheEnginesJdtNeverMeet() {
        Bundle plugin = equinox.plugin;
        Bundle eclipseJdt = equinox.bundle("org.eclipse.jdt.core");
        assertTrue((eclipseJdt.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) != 0);
        assertEquals("3.37.0", eclipseJdt.getVersion().toString().substring(0, 6));

        for (String header : List.of(Constants.IMPORT_PACKAGE, Constants.REQUIRE_BUNDLE)) {
            String value = plugin.getHeaders().get(header);
            assertFalse(value != null && value.contains("org.eclipse.jdt"), header + ": " + value);
        }
        BundleWiring wiring = plugin.adapt(BundleWiring.class);
        for (BundleWire wire : wiring.getRequiredWires(null)) {
            assertFalse(wire.getProvider().getSymbolicName().startsWith("org.eclipse.jdt"), wire.toString());
        }

        // The same JDT class names, two different classes: the plugin's from its embedded lib/, Eclipse's
        // from its own bundles.
        for (String name : List.of("org.eclipse.jdt.internal.compiler.Compiler", "org.eclipse.jdt.core.compiler.CharOperation")) {
            Class<?> engines = Reflect.type(plugin, name);
            Class<?> eclipses = Reflect.type(eclipseJdt, name);
            assertNotEquals(engines, eclipses);
            assertSame(plugin, ((BundleReference) engines.getClassLoader()).getBundle(), name);
            assertTrue(((BundleReference) eclipses.getClassLoader()).getBundle().getSymbolicName().startsWith("org.eclipse.jdt.core"));
        }
    }

    @Test
    void theExtensionsAreInTheRegistry() {
        Bundle registryBundle = equinox.bundle("org.eclipse.equinox.registry");
        Class<?> registryType = Reflect.type(registryBundle, "org.eclipse.core.runtime.IExtensionRegistry");
        Object registry = Reflect.call(Reflect.type(registryBundle, "org.eclipse.core.runtime.RegistryFactory"), null, "getRegistry");
        assertNotNull(registry, "no extension registry");

        Class<?> extension = Reflect.type(registryBundle, "org.eclipse.core.runtime.IExtension");
        Class<?> element = Reflect.type(registryBundle, "org.eclipse.core.runtime.IConfigurationElement");
        Object marker = Reflect.call(registryType, registry, "getExtension", "org.eclipse.core.resources.markers", PLUGIN + ".problem");
        assertNotNull(marker, "marker type");
        List<String> supers = new ArrayList<>();
        for (Object e : (Object[]) Reflect.call(extension, marker, "getConfigurationElements")) {
            if ("super".equals(Reflect.call(element, e, "getName"))) {
                supers.add((String) Reflect.call(element, e, "getAttribute", "type"));
            }
            if ("persistent".equals(Reflect.call(element, e, "getName"))) {
                assertEquals("true", Reflect.call(element, e, "getAttribute", "value"));
            }
        }
        assertTrue(supers.contains("org.eclipse.core.resources.problemmarker"), supers.toString());
        assertNotNull(Reflect.call(registryType, registry, "getExtension", "org.eclipse.core.resources.builders", PLUGIN + ".builder"));
        assertNotNull(Reflect.call(registryType, registry, "getExtension", "org.eclipse.core.resources.natures", PLUGIN + ".nature"));

        // The UI extension points (org.eclipse.ui.ide & co.) are not in this headless framework; the
        // registry still holds the plugin's contributions to them, and their classes are in the bundle.
        Class<?> contributorFactory = Reflect.type(registryBundle, "org.eclipse.core.runtime.ContributorFactoryOSGi");
        Object contributor = Reflect.call(contributorFactory, null, "createContributor", equinox.plugin);
        Object[] contributed = (Object[]) Reflect.call(registryType, registry, "getExtensions", contributor);
        Object resolution = null;
        for (Object e : contributed) {
            if ("org.eclipse.ui.ide.markerResolution".equals(Reflect.call(extension, e, "getExtensionPointUniqueIdentifier"))) {
                resolution = e;
            }
        }
        assertNotNull(resolution, "marker resolution generator");
        Object generator = ((Object[]) Reflect.call(extension, resolution, "getConfigurationElements"))[0];
        assertEquals(PLUGIN + ".problem", Reflect.call(element, generator, "getAttribute", "markerType"));
        String generatorClass = (String) Reflect.call(element, generator, "getAttribute", "class");
        assertNotNull(equinox.plugin.getEntry(generatorClass.replace('.', '/') + ".class"), generatorClass);
    }

    @Test
    void aScanRunsInsideTheFramework() {
        Bundle plugin = equinox.plugin;
        Class<?> settings = Reflect.type(plugin, "org.fjdoctor.eclipse.engine.Settings");
        Class<?> engineScan = Reflect.type(plugin, "org.fjdoctor.eclipse.engine.EngineScan");
        // The settings file is read inside the bundle too: SnakeYAML comes from the bundle's lib/.
        Class<?> configFile = Reflect.type(plugin, "org.fjdoctor.analyzer.config.ConfigFile");
        Path program = CORPUS.resolve("copyonfork/positive/arraysum");
        Object config = Reflect.call(configFile, null, "parse", program.resolve(".fjdoctor.yml"),
                "rules:\n  FJ2: error\n");
        Object result = Reflect.call(engineScan, null, "run", List.of(program), null,
                Reflect.call(settings, null, "defaults"), config);
        List<String> found = new ArrayList<>();
        for (Object marker : (List<?>) Reflect.call(result.getClass(), result, "markers")) {
            Map<?, ?> attributes = (Map<?, ?>) Reflect.call(marker.getClass(), marker, "attributes");
            found.add(attributes.get("lineNumber") + " " + attributes.get("fjdoctor.ruleId") + " "
                    + attributes.get("fjdoctor.severity"));
        }
        assertEquals(List.of("29 copy-on-fork ERROR", "30 copy-on-fork ERROR"), found);
    }
}
