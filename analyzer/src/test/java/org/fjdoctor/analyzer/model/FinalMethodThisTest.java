package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A final (or private) method called on a receiver that only ever holds a new instance of one subclass runs on
 * that instance: its calls on {@code this} run the subclass's overrides, as in an overridable method entered
 * through the same receiver. A receiver that may hold either subclass leaves them a guess.
 */
class FinalMethodThisTest {

    private static String shapes(String made, String mark) {
        return shapes("final", "for (String x : xs) {\n                isMember(x);\n            }", made, mark);
    }

    private static String shapes(String modifier, String loop, String made, String mark) {
        return """
                package p;
                import java.util.*;
                class Shapes {
                    static class S {
                        %s void firstLoop(List<String> xs) {
                            %s
                        }
                        boolean isMember(String x) {
                            return false;
                        }
                    }
                    static class C extends S {
                        static final Object LOCK = new Object();
                        @Override
                        boolean isMember(String x) {
                            synchronized (LOCK) {%s
                                return true;
                            }
                        }
                    }
                    static class D extends S {
                        @Override
                        boolean isMember(String x) {
                            return x.isEmpty();
                        }
                    }
                    static void run(List<List<String>> all, boolean which) {
                        S s = %s;
                        new D();
                        all.parallelStream().forEach(xs -> s.firstLoop(xs));
                    }
                }
                """.formatted(modifier, loop, mark, made);
    }

    @Test
    void callsOnThisInAFinalMethodRunTheAllocatedClasssOverride() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Shapes.java", shapes("new C()", " // expect: intra-task-sync \"C.isMember()\"")).check();
    }

    @Test
    void aMethodReferenceOnThisNamesTheAllocatedClasssOverride() {
        String filter = "xs.stream().filter(this::isMember).findFirst();";
        RuleTester.of(IntraTaskSyncRule.class).source("p/Shapes.java", shapes("final", filter, "new C()",
                " // expect: intra-task-sync \"C.isMember()\"")).check();
        RuleTester.of(IntraTaskSyncRule.class).source("p/Shapes.java", shapes("", filter, "new C()",
                " // expect: intra-task-sync \"C.isMember()\"")).check();
        RuleTester.of(IntraTaskSyncRule.class).source("p/Shapes.java", shapes("final", filter,
                "which ? new C() : new D()", "")).check();
    }

    @Test
    void aReceiverOfEitherClassLeavesThemAGuess() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Shapes.java", shapes("which ? new C() : new D()", "")).check();
    }
}
