package org.fjdoctor.cli.common;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class VersionTest {

    /** The filtered resource sits beside the class: moving one without the other falls back to a default silently. */
    @Test
    void theDependencyPluginVersionComesFromTheBuild() {
        assertNotNull(Version.class.getResource("fjdoctor.properties"), "fjdoctor.properties beside Version");
        assertFalse(Version.dependencyPlugin().contains("${"), Version.dependencyPlugin());
    }
}
