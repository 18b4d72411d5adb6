package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A merge over a fixed set of subtasks of other classes that never split runs once, at the root: no copy
 * repeated per level. The same merge in a task that also forks its own kind is still reported.
 */
class OnceAtRootTest {

    private static final String GRADING = """
            package p;

            import java.util.ArrayList;
            import java.util.HashMap;
            import java.util.List;
            import java.util.Map;
            import java.util.concurrent.RecursiveTask;

            class Grading extends RecursiveTask<Map<String, Integer>> {
                final List<String> students;

                Grading(List<String> students) {
                    this.students = students;
                }

                @Override
                protected Map<String, Integer> compute() {
                    int half = students.size() / 2;
                    List<RecursiveTask<Map<String, Integer>>> tasks = new ArrayList<>();
                    tasks.add(new Teacher(students.subList(0, half)));
                    tasks.add(%s);
                    for (RecursiveTask<Map<String, Integer>> task : tasks) {
                        task.fork();
                    }
                    Map<String, Integer> result = new HashMap<>();
                    for (RecursiveTask<Map<String, Integer>> task : tasks) {
                        result.putAll(task.join());%s
                    }
                    return result;
                }
            }

            class Teacher extends RecursiveTask<Map<String, Integer>> {
                final List<String> students;

                Teacher(List<String> students) {
                    this.students = students;
                }

                @Override
                protected Map<String, Integer> compute() {
                    Map<String, Integer> grades = new HashMap<>();
                    for (String student : students) {
                        grades.put(student, student.length());
                    }
                    return grades;
                }
            }
            """;

    @Test
    void aMergeOverNonRecursiveSubtasksOfOtherClassesRunsOnce() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Grading.java", GRADING.formatted("new Teacher(students.subList(half, students.size()))", ""))
                .check();
    }

    @Test
    void theSameMergeInATaskThatAlsoForksItsOwnKindIsReported() {
        RuleTester.of(CopyOnJoinRule.class)
                .source("p/Grading.java", GRADING.formatted(
                        "students.size() < 4 ? new Teacher(students) : new Grading(students.subList(half, students.size()))",
                        " // expect: copy-on-join"))
                .check();
    }
}
