package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Lazy initialisation whose null-checked branch calls an initialiser ({@code if (morph == null) init();}) that
 * sets the checked field under a lock: the lock is taken until the field is set, not per task. An initialiser
 * that sets another field leaves the branch open on every call, and its lock stays a finding.
 */
class LazyInitCallTest {

    private static void check(String assigned, boolean expected) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Leaf.java", """
                        package p;
                        import java.util.concurrent.RecursiveTask;
                        class Leaf extends RecursiveTask<Integer> {
                            @Override
                            protected Integer compute() {
                                return new Morph().get().hashCode();
                            }
                        }
                        """)
                .source("p/Morph.java", """
                        package p;
                        class Morph {
                            private static Object morph;
                            private static Object other;
                            void init() {
                                synchronized (Morph.class) {EXPECT
                                    if (morph == null) {
                                        FIELD = new Object();
                                    }
                                }
                            }
                            Object get() {
                                if (morph == null) {
                                    init();
                                }
                                return morph;
                            }
                        }
                        """.replace("FIELD", assigned).replace("EXPECT", expected ? " // expect: intra-task-sync" : ""))
                .check();
    }

    @Test
    void anInitialiserThatSetsTheCheckedFieldRunsOnce() {
        check("morph", false);
    }

    @Test
    void anInitialiserThatSetsAnotherFieldRunsOnEveryCall() {
        check("other", true);
    }
}
