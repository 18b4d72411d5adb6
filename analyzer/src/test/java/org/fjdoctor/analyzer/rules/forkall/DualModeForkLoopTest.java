package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A dual-mode task: its fork loop forks each subtask only {@code if (forkJoin)}, and its join loop sits in a later
 * {@code if (forkJoin) { .. }}. On the path that forks, the worker then only waits (fork-all), unless it works
 * before the join loop inside that branch, or a constant rules the branch with the joins out.
 */
class DualModeForkLoopTest {

    private static String task(String fields, String joins) {
        return """
                package p;
                import java.util.*;
                import java.util.concurrent.RecursiveTask;
                class Dual extends RecursiveTask<Long> {
                    FIELDS
                    final int n;
                    Dual(int n) { this.n = n; }
                    @Override
                    protected Long compute() {
                        return n < 10 ? n : execute(n % 2 == 0);
                    }
                    static long work(int n) {
                        long s = 0;
                        for (int i = 0; i < n; i++) s += i;
                        return s;
                    }
                    private Long execute(boolean forkJoin) {
                        List<Dual> forked = new ArrayList<>();
                        long total = 0;
                        for (int i = 0; i < 4; i++) {
                            Dual part = new Dual(n / 4);
                            if (forkJoin) {
                                part.fork(); // FORK
                                forked.add(part);
                            } else {
                                total += part.invoke();
                            }
                        }
                        JOINS
                        return total;
                    }
                }
                """.replace("FIELDS", fields).replace("JOINS", joins);
    }

    @Test
    void aJoinLoopUnderTheFlagAfterTheForkLoopIsForkAll() {
        RuleTester.of(ForkAllRule.class).source("p/Dual.java", task("", """
                        if (forkJoin) {
                            long sum = 0;
                            for (Dual part : forked) {
                                sum += part.join();
                            }
                            total = sum;
                        }
                """).replace("// FORK", "// expect: fork-all")).check();
    }

    @Test
    void workBeforeTheJoinLoopInTheBranchIsNot() {
        RuleTester.of(ForkAllRule.class).source("p/Dual.java", task("", """
                        if (forkJoin) {
                            long sum = work(n);
                            for (Dual part : forked) {
                                sum += part.join();
                            }
                            total = sum;
                        }
                """)).check();
    }

    @Test
    void aJoinLoopInABranchAConstantRulesOutIsNot() {
        RuleTester.of(ForkAllRule.class).source("p/Dual.java", task("static final boolean WAIT_HERE = false;", """
                        if (WAIT_HERE) {
                            for (Dual part : forked) {
                                total += part.join();
                            }
                        }
                """)).check();
    }
}
