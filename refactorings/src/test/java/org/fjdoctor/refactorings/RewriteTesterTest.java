package org.fjdoctor.refactorings;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fjdoctor.refactorings.centralizedpooling.InvokeDirectlyRewrite;
import org.fjdoctor.refactorings.centralizedpooling.InvokeDirectlyRewriteTest;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The harness itself must fail on a wrong result, a wrong safety and a fixture replacement that misses. */
class RewriteTesterTest {

    private static final String FILE = "p/Sum.java";

    @Test
    void failsWhenTheResultDiffers() {
        String wrong = InvokeDirectlyRewriteTest.AFTER.replace(".invoke();", ".join();");
        AssertionFailedError error = assertThrows(AssertionFailedError.class, () -> RewriteTester
                .of(InvokeDirectlyRewrite.class).before(FILE, InvokeDirectlyRewriteTest.BEFORE).after(FILE, wrong).check());
        assertTrue(error.getMessage().contains("p/Sum.java differs"), error.getMessage());
    }

    @Test
    void failsWhenAnExpectedRewriteDoesNotHappen() {
        AssertionFailedError error = assertThrows(AssertionFailedError.class, () -> RewriteTester
                .of(InvokeDirectlyRewrite.class).before(FILE, InvokeDirectlyRewriteTest.AFTER)
                .after(FILE, InvokeDirectlyRewriteTest.AFTER.replace("invoke()", "fork().join()")).check());
        assertTrue(error.getMessage().contains("differs"), error.getMessage());
    }

    @Test
    void failsOnAnotherSafety() {
        AssertionFailedError error = assertThrows(AssertionFailedError.class, () -> RewriteTester
                .of(InvokeDirectlyRewrite.class).safety(Safety.REVIEW)
                .before(FILE, onThisWorkersPool(InvokeDirectlyRewriteTest.BEFORE))
                .after(FILE, InvokeDirectlyRewriteTest.AFTER).check());
        assertTrue(error.getMessage().contains("is SAFE, expected REVIEW"), error.getMessage());
    }

    /** The fixture with getPool() as the pool: its fix is SAFE. */
    private static String onThisWorkersPool(String text) {
        return RewriteTester.replaceOnce(text, "pool.invoke(new Sum", "getPool().invoke(new Sum");
    }

    @Test
    void aReplacementThatMissesFails() {
        assertThrows(AssertionFailedError.class, () -> RewriteTester.replaceOnce("a b a", "c", "d"));
        assertThrows(AssertionFailedError.class, () -> RewriteTester.replaceOnce("a b a", "a", "d"));
    }

    @Test
    void refusesAnAfterWithoutBefore() {
        assertThrows(IllegalArgumentException.class,
                () -> RewriteTester.of(InvokeDirectlyRewrite.class).after(FILE, "class Sum {}"));
    }
}
