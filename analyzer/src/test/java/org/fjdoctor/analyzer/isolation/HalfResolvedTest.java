package org.fjdoctor.analyzer.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import spoon.reflect.factory.Factory;
import spoon.reflect.reference.CtTypeReference;
import spoon.support.SpoonClassNotFoundException;
import spoon.Launcher;

/** The one policy for lookups Spoon cannot complete on a half-resolved reference: they answer "unknown". */
class HalfResolvedTest {

    @Test
    void whatSpoonThrowsOnAHalfResolvedReferenceIsTheUnknownAnswer() {
        assertEquals("unknown", HalfResolved.lookup(() -> {
            throw new SpoonClassNotFoundException("cannot load com.example.Missing", new ClassNotFoundException());
        }, "unknown"));
        assertEquals(false, HalfResolved.lookup(() -> {
            throw new NoClassDefFoundError("com/example/Missing");
        }, false));
        assertEquals("resolved", HalfResolved.lookup(() -> "resolved", "unknown"));
    }

    @Test
    void aLookupThatRecursesWithoutEndIsTheUnknownAnswer() {
        // Spoon's erasure of a wildcard parameter looks for its declaration through the reference that holds it.
        assertEquals("unknown", HalfResolved.lookup(HalfResolvedTest::endless, "unknown"));
    }

    private static String endless() {
        return endless() + ".";
    }

    @Test
    void theJvmRunningOutOfMemoryIsNotAnUnknownAnswer() {
        assertThrows(OutOfMemoryError.class, () -> HalfResolved.lookup(() -> {
            throw new OutOfMemoryError("test");
        }, null));
    }

    @Test
    void aTypeNoClasspathHoldsIsUnknownNotAFailure() {
        Factory factory = new Launcher().getFactory();
        factory.getEnvironment().setNoClasspath(true);
        CtTypeReference<?> missing = factory.Type().createReference("com.example.Missing");

        assertNull(HalfResolved.typeDeclaration(missing));
        assertFalse(HalfResolved.isSubtypeOf(missing, factory.Type().createReference("java.util.List")));
    }
}
