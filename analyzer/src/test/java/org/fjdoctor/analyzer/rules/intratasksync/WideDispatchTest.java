package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A lock in a method that task code reaches as one of many implementations of a call (class hierarchy
 * dispatch over a data-box interface with nine classes, each locking in its own {@code set}) is weak
 * evidence: the receiver holds one of them, and fjdoctor cannot tell which, so it does not report each
 * implementation's lock. A receiver created as one class narrows the call to that class's lock, which is
 * reported. A receiver that is not traced makes any call dispatched by type a guess, however few its
 * implementations and however far below them the lock is ({@code model/GuessedReach}).
 */
class WideDispatchTest {

    /** {@code count} classes implementing {@code Box}, each locking in {@code set}; {@code mark} ends the lock lines in {@code marked}. */
    private static String boxes(int count, IntPredicate marked, String mark) {
        return IntStream.range(0, count).mapToObj(i -> """
                class BoxN implements Box {
                    private final double[] data = new double[8];
                    static final Object LOCK = new Object();
                    public void set(int i, double v) {
                        synchronized (LOCK) { data[i] = v; } // MARK
                    }
                }
                """.replace("BoxN", "Box" + i).replace("// MARK", marked.test(i) ? mark : ""))
                .collect(Collectors.joining());
    }

    private static String program(int count, IntPredicate marked, String mark, String receiver) {
        return """
                package p;
                import java.util.concurrent.RecursiveAction;
                interface Box {
                    void set(int i, double v);
                }
                BOXES
                class Fill extends RecursiveAction {
                    private final Box box;
                    Fill(Box box) { this.box = box; }
                    @Override
                    protected void compute() {
                        RECEIVER.set(0, 1.0);
                    }
                }
                class Make {
                    static Box make(int kind) {
                        switch (kind) {
                CASES
                            default: return null;
                        }
                    }
                }
                """.replace("BOXES", boxes(count, marked, mark)).replace("RECEIVER", receiver)
                .replace("CASES", IntStream.range(0, count).mapToObj(i -> "            case " + i + ": return new Box" + i + "();\n")
                        .collect(Collectors.joining()));
    }

    @Test
    void aLockBehindACallWithManyPossibleImplementationsIsNotReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program(9, i -> false, "", "box")).check();
    }

    @Test
    void aLockBehindAnUntracedCallWithFewImplementationsIsAGuessToo() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program(3, i -> false, "", "box")).check();
    }

    @Test
    void aLockInAHelperBelowTheImplementationsOfAnUntracedCallIsAGuessToo() {
        String helper = """
                class Journal {
                    static synchronized void log(int i) {
                    }
                }
                """;
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program(9, i -> false, "", "box")
                .replace("synchronized (LOCK) { data[i] = v; }", "Journal.log(i);") + helper).check();
    }

    @Test
    void theFewLockingImplementationsOfAnUntracedWideCallAreGuessesToo() {
        String source = program(9, i -> false, "", "box");
        for (int i = 2; i < 9; i++) {
            source = source.replace("class Box" + i + " implements Box {\n    private final double[] data = new double[8];\n"
                    + "    static final Object LOCK = new Object();\n    public void set(int i, double v) {\n"
                    + "        synchronized (LOCK) { data[i] = v; } \n", "class Box" + i + " implements Box {\n"
                    + "    private final double[] data = new double[8];\n    static final Object LOCK = new Object();\n"
                    + "    public void set(int i, double v) {\n        data[i] = v;\n");
        }
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", source).check();
    }

    @Test
    void aReceiverCreatedAsOneClassIsNarrowedToItsLock() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java",
                program(9, i -> i == 4, "// expect: intra-task-sync \"Box4.set() (on a new Box4)\"", "new Box4()")).check();
    }
}
