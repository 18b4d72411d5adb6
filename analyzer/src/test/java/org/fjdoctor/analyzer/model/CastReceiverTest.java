package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * A call on a cast runs on the cast's type: eclipse-collections' {@code FJListProcedureTask} holds a
 * {@code java.util.List} and calls {@code ((ListIterable<T>) this.list).forEach(start, end, procedure)},
 * which a synchronized list implements under its monitor. Spoon keeps the cast apart from the
 * expression's own type (the field's), so the call graph must read the cast.
 */
class CastReceiverTest {

    private static final String SECTIONS = """
            package lib;
            public interface Sections<T> {
                void forEach(int from, int to, java.util.function.Consumer<? super T> each);
            }
            """;

    private static final String LOCKED = """
            package lib;
            import java.util.ArrayList;
            import java.util.function.Consumer;
            public class LockedList<T> extends ArrayList<T> implements Sections<T> {
                private final Object lock = new Object();
                @Override
                public void forEach(int from, int to, Consumer<? super T> each) {
                    synchronized (lock) { // expect: intra-task-sync
                        for (int i = from; i < to; i++) {
                            each.accept(get(i));
                        }
                    }
                }
                public static <T> LockedList<T> create() {
                    return new LockedList<>();
                }
            }
            """;

    private static final String TASK = """
            package lib;
            import java.util.List;
            import java.util.concurrent.RecursiveAction;
            public class Visit<T> extends RecursiveAction {
                private final List<T> list;
                private final int from;
                private final int to;
                public Visit(List<T> list, int from, int to) {
                    this.list = list;
                    this.from = from;
                    this.to = to;
                }
                @Override
                protected void compute() {
                    if (this.list instanceof Sections) {
                        ((Sections<T>) this.list).forEach(this.from, this.to, System.out::println);
                    }
                }
            }
            """;

    @Test
    void callOnACastFollowsTheCastsType() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sections.java", SECTIONS)
                .source("lib/LockedList.java", LOCKED)
                .source("lib/Visit.java", TASK)
                .check();
    }

    @Test
    void callOnAnIntersectionCastFollowsTheMethodsDeclaringType() {
        // Spoon names an intersection by one of its bounds, not necessarily the one declaring forEach
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sections.java", SECTIONS)
                .source("lib/LockedList.java", LOCKED)
                .source("lib/Visit.java", replaced(TASK,
                        "((Sections<T>) this.list)", "((Sections<T> & java.io.Serializable) this.list)"))
                .check();
    }

    @Test
    void callWithoutTheCastRunsTheFieldsOwnType() {
        // list.forEach(..) with one argument is Iterable's, which LockedList does not lock
        RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sections.java", SECTIONS)
                .source("lib/LockedList.java", LOCKED.replace(" // expect: intra-task-sync", ""))
                .source("lib/Visit.java", replaced(TASK,
                        "((Sections<T>) this.list).forEach(this.from, this.to, System.out::println);",
                        "this.list.forEach(System.out::println);"))
                .check();
    }

    /** {@code text} with {@code from} replaced; a fixture that no longer holds {@code from} fails. */
    private static String replaced(String text, String from, String to) {
        if (!text.contains(from)) {
            throw new AssertionError("fixture lost '" + from + "'");
        }
        return text.replace(from, to);
    }
}
