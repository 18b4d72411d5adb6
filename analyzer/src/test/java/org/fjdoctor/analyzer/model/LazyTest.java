package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A part of the model built on first use that throws is not built again by every rule that asks: each one
 * fails at once, with the part's name, which its rule-failed problem then says.
 */
class LazyTest {

    @Test
    void aPartThatThrowsFailsEveryUseWithItsNameAndIsBuiltOnce() {
        int[] builds = new int[1];
        Lazy<String> part = Lazy.of("the lock index", () -> {
            builds[0]++;
            throw new StackOverflowError();
        });

        Lazy.PartFailure first = assertThrows(Lazy.PartFailure.class, part::get);
        Lazy.PartFailure second = assertThrows(Lazy.PartFailure.class, part::get);

        assertEquals("the lock index could not be built (StackOverflowError)", first.getMessage());
        assertSame(first, second);
        assertEquals(1, builds[0]);
    }

    @Test
    void aPartIsBuiltOnce() {
        int[] builds = new int[1];
        Lazy<String> part = Lazy.of("an index", () -> "built " + ++builds[0]);

        assertEquals("built 1", part.get());
        assertEquals("built 1", part.get());
    }
}
