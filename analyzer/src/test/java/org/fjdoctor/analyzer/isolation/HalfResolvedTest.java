package org.fjdoctor.analyzer.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import spoon.reflect.declaration.CtType;
import spoon.reflect.factory.Factory;
import spoon.reflect.reference.CtTypeReference;
import spoon.support.SpoonClassNotFoundException;
import spoon.Launcher;
import spoon.support.compiler.VirtualFile;

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

    @Test
    void aDeclarationThatIsItsOwnParentIsUnknownNotAnEndlessClimb() {
        // Spoon's reflection builder can give a shadow class itself as parent; its package is then never reached.
        Launcher launcher = new Launcher();
        launcher.addInputResource(new VirtualFile("package p; class A { }", "p/A.java"));
        launcher.buildModel();
        CtType<?> a = launcher.getFactory().Type().get("p.A");
        CtTypeReference<?> reference = a.getReference();
        assertSame(a, HalfResolved.typeDeclaration(reference));

        a.setParent(a);

        assertTrue(HalfResolved.hasParentCycle(a));
        assertNull(HalfResolved.typeDeclaration(reference));
    }
}
