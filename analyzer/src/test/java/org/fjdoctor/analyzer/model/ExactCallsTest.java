package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * {@code --depth} counts the calls that may dispatch. Calls with one target nothing can override (static,
 * private and final methods, constructors) are followed without counting, as in eclipse-collections' map
 * resize (five private helpers below the put that reaches it); a chain as long of overridable calls stays
 * beyond the default depth of 7. RuleTester checks that the focused model, whose body stripper reads the
 * modifiers from the text, finds the same.
 */
class ExactCallsTest {

    /** {@code links} methods, each calling the next, the last taking a monitor. */
    private static String chain(String modifiers, int links, boolean expected) {
        StringBuilder methods = new StringBuilder();
        for (int i = 0; i < links; i++) {
            methods.append("    ").append(modifiers).append(" void step").append(i).append("() {\n        step")
                    .append(i + 1).append("();\n    }\n");
        }
        methods.append("    ").append(modifiers).append(" void step").append(links).append("() {\n")
                .append("        synchronized (LOCK) {").append(expected ? " // expect: intra-task-sync" : "")
                .append("\n            count++;\n        }\n    }\n");
        return methods.toString();
    }

    private static String task(String helperClass, String start) {
        return """
                package lib;
                import java.util.concurrent.RecursiveAction;
                public class Walk extends RecursiveAction {
                    @Override
                    protected void compute() {
                        %s
                    }
                }
                """.formatted(start) + helperClass;
    }

    private static String helper(String modifiers, int links, boolean expected) {
        return "class Helper {\n    static final Object LOCK = new Object();\n    static int count;\n"
                + chain(modifiers, links, expected) + "}\n";
    }

    @Test
    void staticHelpersAreFollowedPastTheDepth() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Walk.java", task(helper("static", 12, true), "Helper.step0();"))
                .check();
    }

    @Test
    void privateAndFinalMethodsAndConstructorsAreFollowedPastTheDepth() {
        String helper = helper("private", 6, true)
                .replace("static int count;\n", "static int count;\n    Helper() {\n        step0();\n    }\n"
                        + "    final void start() {\n        new Helper();\n    }\n");
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Walk.java", task(helper, "new Helper().start();"))
                .check();
    }

    @Test
    void overridableCallsStillCountTowardsTheDepth() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Walk.java", task(helper("", 12, false), "new Helper().step0();"))
                .check();
    }

    @Test
    void overridableCallsWithinTheDepthAreFollowed() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Walk.java", task(helper("", 5, true), "new Helper().step0();"))
                .check();
    }

    @Test
    void aMethodMetFirstThroughADispatchAndThenDirectlyKeepsTheCheaperPath() {
        // s.put() may run either implementation (a counted call) and reaches Helper.put() first; the
        // direct call on a new Helper then enters it again with no counted call, and the lock two dozen
        // calls below is found
        String helper = helper("private", 24, true)
                .replace("class Helper {\n", "interface Sink {\n    void put();\n}\nclass Other implements Sink {\n"
                        + "    public void put() {\n    }\n}\nclass Helper implements Sink {\n")
                .replace("static int count;\n", "static int count;\n    public final void put() {\n        step0();\n    }\n");
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Walk.java", task(helper, "Sink s = getSurplusQueuedTaskCount() > 0 ? new Other() : new Helper();\n"
                        + "        s.put();\n        new Helper().put();"))
                .check();
    }
}
