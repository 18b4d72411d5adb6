package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A method reference handed to a collector ({@code collect(Collectors.toMap(f -> f, this::lemmas))}) runs on the
 * thread that runs the stream, as a reference handed to the stream step itself does: in task code, a lock it takes
 * is taken by the task. The same collector in code that no task reaches stays silent.
 */
class CollectorReferenceTest {

    private static void check(String caller, boolean expected) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Lemmas.java", """
                        package p;
                        import java.util.*;
                        import java.util.stream.Collectors;
                        class Lemmas {
                            Map<String, Integer> forPage(List<String> fields) {
                                return fields.stream().collect(Collectors.toMap(f -> f, this::count, (a, b) -> b));
                            }
                            Map<Integer, List<String>> byLength(List<String> fields) {
                                return fields.stream().collect(Collectors.groupingBy(String::length,
                                        Collectors.mapping(this::normal, Collectors.toList())));
                            }
                            private Integer count(String field) {
                                synchronized (Lemmas.class) {EXPECT
                                    return field.length();
                                }
                            }
                            private String normal(String field) {
                                synchronized (Lemmas.class) {EXPECT
                                    return field.toLowerCase();
                                }
                            }
                        }
                        """.replace("EXPECT", expected ? " // expect: intra-task-sync" : ""))
                .source("p/Caller.java", caller)
                .check();
    }

    @Test
    void aReferenceInACollectorOfTaskCodeRunsInTheTask() {
        check("""
                package p;
                import java.util.List;
                import java.util.concurrent.RecursiveAction;
                class Caller extends RecursiveAction {
                    final List<String> fields;
                    Caller(List<String> fields) { this.fields = fields; }
                    @Override
                    protected void compute() {
                        if (fields.size() < 2) {
                            new Lemmas().forPage(fields);
                            new Lemmas().byLength(fields);
                            return;
                        }
                        invokeAll(new Caller(fields.subList(0, 1)), new Caller(fields.subList(1, fields.size())));
                    }
                }
                """, true);
    }

    @Test
    void theSameCollectorOutsideTaskCodeIsSilent() {
        check("""
                package p;
                import java.util.List;
                class Caller {
                    void run(List<String> fields) {
                        new Lemmas().forPage(fields);
                        new Lemmas().byLength(fields);
                    }
                }
                """, false);
    }
}
