package org.fjdoctor.eclipse.osgi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * An Equinox framework (org.eclipse.osgi from Maven Central, on the test class path) with the Eclipse
 * 2024-03 bundles the build copied to {@code target/osgi-bundles} (core runtime, resources, file
 * buffers, Declarative Services, and Eclipse's own JDT) plus the packaged plugin.
 */
final class Equinox implements AutoCloseable {

    final Framework framework;
    final List<Bundle> bundles = new ArrayList<>();
    final Bundle plugin;

    Equinox(Path work) throws BundleException, IOException {
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, work.resolve("storage").toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put("osgi.instance.area", work.resolve("workspace").toUri().toString());
        config.put("osgi.user.area", work.resolve("user").toUri().toString());
        framework = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow().newFramework(config);
        framework.start();
        List<Path> jars;
        try (Stream<Path> files = Files.list(Path.of(property("fjdoctor.osgi.bundles")))) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toCollection(ArrayList::new));
        }
        for (Path jar : jars) {
            bundles.add(install(jar));
        }
        plugin = install(Path.of(property("fjdoctor.bundle")));
        bundles.add(plugin);
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set: run this test with failsafe (./mvnw verify)");
        }
        return value;
    }

    private Bundle install(Path jar) throws BundleException {
        // reference: leaves the jar where it is instead of copying it into the framework's storage.
        return framework.getBundleContext().installBundle("reference:" + jar.toUri());
    }

    boolean resolveAll() {
        return framework.adapt(FrameworkWiring.class).resolveBundles(bundles);
    }

    /**
     * Starts every bundle as an Eclipse installation's config.ini does: Declarative Services, common and
     * core runtime eagerly, the rest by their activation policy (lazy bundles activate when a class is
     * first loaded from them).
     */
    void start() throws BundleException {
        for (Bundle bundle : bundles) {
            if (bundle.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                bundle.start(EAGER.contains(bundle.getSymbolicName()) ? 0 : Bundle.START_ACTIVATION_POLICY);
            }
        }
    }

    private static final List<String> EAGER = List.of("org.apache.felix.scr", "org.eclipse.equinox.common",
            "org.eclipse.core.runtime");

    Bundle bundle(String symbolicName) {
        return bundles.stream().filter(b -> symbolicName.equals(b.getSymbolicName())).findFirst()
                .orElseThrow(() -> new AssertionError(symbolicName + " is not installed"));
    }

    @Override
    public void close() throws BundleException {
        framework.stop();
        try {
            framework.waitForStop(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
