package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * {@code Vector}, {@code Hashtable} and {@code StringBuffer} lock themselves on every call, as a
 * {@code Collections.synchronized*} wrapper does: a call on one shared by every copy of a parallel stream's function
 * or by every task serializes them; so does a method reference bound to such an object or wrapper
 * ({@code forEach(updates::add)}), which makes the same call. One made per element or per call is no finding, nor
 * one filled by a sequential stream.
 */
class SelfLockingTest {

    @Test
    void sharedSelfLockingObjectsAndReferencesBoundToThemLockEveryCopy() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Chains.java", """
                package p;
                import java.util.*;
                class Chains {
                    List<String> refine(List<String> all, Vector<String> master) {
                        var refined = new Vector<String>();
                        all.parallelStream().forEach(s -> {
                            refined.add(s.trim()); // expect: intra-task-sync "add(..) on a Vector (its methods are synchronized), which locks the local refined"
                        });
                        Vector<String> updates = new Vector<>();
                        all.stream().parallel().map(String::trim).forEach(updates::add); // expect: intra-task-sync "on a Vector"
                        boolean any = all.stream().parallel().anyMatch(master::contains); // expect: intra-task-sync "the parameter master"
                        var chains = Collections.synchronizedCollection(new ArrayList<String>());
                        all.parallelStream().forEach(s -> {
                            List.of(s, s).stream().forEach(chains::add); // expect: intra-task-sync "Collections.synchronizedCollection wrapper"
                        });
                        return any ? refined : updates;
                    }
                }
                """).check();
    }

    @Test
    void perElementAndSequentialSelfLockingObjectsAreSilent() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Chains.java", """
                package p;
                import java.util.*;
                class Chains {
                    int refine(List<String> all) {
                        all.parallelStream().forEach(s -> {
                            Vector<String> mine = new Vector<>();
                            mine.add(s);
                            StringBuffer text = new StringBuffer();
                            text.append(s);
                            List.of(s).stream().forEach(mine::add);
                        });
                        Vector<String> updates = new Vector<>();
                        all.stream().map(String::trim).forEach(updates::add);
                        all.stream().forEach(s -> updates.add(s));
                        return updates.size();
                    }
                }
                """).check();
    }

    @Test
    void tasksSharingAVectorLockItButOneMadePerTaskDoesNot() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Sum.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Sum extends RecursiveAction {
                    static final Vector<Integer> SEEN = new Vector<>();
                    final int from, to;
                    Sum(int from, int to) { this.from = from; this.to = to; }
                    @Override
                    protected void compute() {
                        if (to - from < 10) {
                            SEEN.add(from); // expect: intra-task-sync "add(..) on a Vector (its methods are synchronized), which locks"
                            Vector<Integer> mine = new Vector<>();
                            mine.add(to);
                            List.of(to).forEach(SEEN::add); // expect: intra-task-sync "the static field Sum.SEEN"
                            return;
                        }
                        int mid = (from + to) / 2;
                        invokeAll(new Sum(from, mid), new Sum(mid, to));
                    }
                }
                """).check();
    }
}
