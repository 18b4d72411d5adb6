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

    /**
     * Three boxes overriding a base class's {@code set} (which has a body), each locking: the call on an untraced
     * field runs one of them by type, a guess as for an abstract method; with {@code made} the task is created
     * with one box, traced to its class, and that box's lock is reported.
     */
    private static String overridden(String made, String mark) {
        return overridden(made, mark, "box");
    }

    /** As {@link #overridden(String, String)}, the task calling {@code set} on {@code receiver}. */
    private static String overridden(String made, String mark, String receiver) {
        return """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Box {
                    public void set(int i, double v) {
                    }
                }
                class Box1 extends Box {
                    static final Object LOCK = new Object();
                    @Override
                    public void set(int i, double v) {
                        synchronized (LOCK) { } MARK
                    }
                }
                class Box2 extends Box {
                    static final Object LOCK = new Object();
                    @Override
                    public void set(int i, double v) {
                        synchronized (LOCK) { }
                    }
                }
                class Fill extends RecursiveAction {
                    private final Box box;
                    Fill(Box box) { this.box = box; }
                    @Override
                    protected void compute() {
                        RECEIVER.set(0, 1.0);
                    }
                }
                class Make {
                    static Box any(int kind) {
                        return kind == 1 ? new Box1() : kind == 2 ? new Box2() : new Box();
                    }
                    MADE
                }
                """.replace("MADE", made).replace("MARK", mark).replace("RECEIVER", receiver);
    }

    @Test
    void overridesOfAMethodWithABodyReachedThroughAnUntracedReceiverAreGuesses() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden("", "")).check();
    }

    @Test
    void anOverrideTheTracedReceiverHoldsIsReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden(
                "static void run() { new Fill(new Box1()).invoke(); }",
                "// expect: intra-task-sync \"traced to 1 implementation\"")).check();
    }

    /**
     * A class that inherits an interface's default method runs that method: a receiver made as that class is
     * narrowed to the default method, not to every implementation of the interface (another class's lock).
     */
    private static String inheritedDefault(String body, String mark) {
        return """
                package p;
                import java.util.concurrent.RecursiveAction;
                interface Shape {
                    Object LOCK = new Object();
                    default void touch() {
                        BODY MARK
                    }
                }
                class Plain implements Shape {
                }
                class Locked implements Shape {
                    static final Object OWN = new Object();
                    @Override
                    public void touch() {
                        synchronized (OWN) { }
                    }
                }
                class Touch extends RecursiveAction {
                    @Override
                    protected void compute() {
                        Shape shape = new Plain();
                        shape.touch();
                        new Locked();
                    }
                }
                """.replace("BODY", body).replace("MARK", mark);
    }

    @Test
    void aReceiverMadeAsAClassWithAnInheritedDefaultMethodRunsOnlyThatMethod() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Touch.java", inheritedDefault("", "")).check();
    }

    @Test
    void theInheritedDefaultMethodsOwnLockIsReported() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Touch.java", inheritedDefault("synchronized (LOCK) { }",
                "// expect: intra-task-sync \"Shape.touch() (on a new Plain)\"")).check();
    }

    /**
     * A template method calling its abstract step on {@code this}: which step runs is the object's class. Reached
     * on an untraced receiver it is a guess among the subclasses; on a new {@code Locked} it is that class's step.
     */
    private static String template(String receiver, String mark) {
        return template("Step", receiver, mark);
    }

    private static String template(String field, String receiver, String mark) {
        return """
                package p;
                import java.util.concurrent.RecursiveAction;
                abstract class Step {
                    void run() {
                        step();
                    }
                    abstract void step();
                }
                class Locked extends Step {
                    static final Object LOCK = new Object();
                    @Override
                    void step() {
                        synchronized (LOCK) { } MARK
                    }
                }
                class Free extends Step {
                    @Override
                    void step() {
                    }
                }
                class Walk extends RecursiveAction {
                    private final FIELD step;
                    Walk(FIELD step) { this.step = step; }
                    @Override
                    protected void compute() {
                        RECEIVER.run();
                        new Free();
                    }
                }
                class Make {
                    static Step locked() {
                        return new Locked();
                    }
                }
                """.replace("FIELD", field).replace("RECEIVER", receiver).replace("MARK", mark);
    }

    @Test
    void aCallOnThisFollowsTheStaticTypeOfTheReceiverTheMethodWasCalledOn() {
        // step is a Locked, however it was made: run() runs on a Locked, and its step() is Locked's
        RuleTester.of(IntraTaskSyncRule.class).source("p/Walk.java", template("Locked", "step",
                "// expect: intra-task-sync \"Locked.step()\"")).check();
    }

    @Test
    void aCallOnThisInAMethodReachedOnAnUntracedReceiverIsAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Walk.java", template("step", "")).check();
    }

    @Test
    void aCallOnThisInAMethodReachedOnANewObjectRunsThatClasssImplementation() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Walk.java", template("new Locked()",
                "// expect: intra-task-sync \"Locked.step() (on a new Locked)\"")).check();
    }

    /*
     * A receiver made by a factory method holds the class the factory allocates when no subclass can override the
     * factory and every return gives one class: the call runs that override alone. A factory that may return
     * several classes, or one a subclass overrides, leaves the call a guess.
     */

    @Test
    void aStaticFactoryReturningOneClassNarrowsTheCallToThatClass() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden(
                "static Box make() { return new Box1(); }",
                "// expect: intra-task-sync \"Box1.set() (on a new Box1)\"", "Make.make()")).check();
    }

    @Test
    void aFieldFromAFactoryReturningAnotherFactorysOneClassNarrowsToo() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden("""
                static Box make() { return create(); }
                    private static Box create() { return new Box1(); }
                    static final Box MADE = make();
                """, "// expect: intra-task-sync \"Box1.set() (on a new Box1)\"", "Make.MADE")).check();
    }

    @Test
    void aFactoryReturningSeveralClassesLeavesTheCallAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden("", "", "Make.any(1)")).check();
    }

    @Test
    void anOverridableFactoryLeavesTheCallAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden("""
                static Make maker = new Make();
                    static Box make() { return maker.create(); }
                    Box create() { return new Box1(); }
                }
                class OtherMake extends Make {
                    @Override Box create() { return new Box2(); }
                """, "", "Make.make()")).check();
    }

    /* An overridable factory called on a new instance of one class runs that class's factory: its returns decide. */
    @Test
    void anOverridableFactoryOnANewInstanceNarrowsToItsReturn() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", overridden("""
                static Box make() { return new Make().create(); }
                    Box create() { return new Box1(); }
                }
                class OtherMake extends Make {
                    @Override Box create() { return new Box2(); }
                """, "// expect: intra-task-sync \"Box1.set() (on a new Box1)\"", "Make.make()")).check();
    }

    /**
     * A task taken from a queue, whose error hook the task that polled it calls: which subclass it is was not
     * traced, but a call on a fork/join task object runs the hooks of the tasks the program builds to run there, so
     * the hook's lock is no guess. The same call on a plain handler class stays one.
     */
    private static String polledHook(String base, String mark) {
        return """
                package p;
                import java.util.concurrent.ConcurrentLinkedQueue;
                import java.util.concurrent.CountedCompleter;
                abstract class Job BASE {
                    static final ConcurrentLinkedQueue<Job> QUEUE = new ConcurrentLinkedQueue<>();
                    void failed(Throwable ex) {
                    }
                }
                class Split extends Job {
                    static final Object LOCK = new Object();
                    public void compute() {
                    }
                    @Override
                    void failed(Throwable ex) {
                        synchronized (LOCK) { } MARK
                    }
                }
                class Merge extends Job {
                    public void compute() {
                    }
                    @Override
                    void failed(Throwable ex) {
                    }
                }
                class Drain extends CountedCompleter<Void> {
                    @Override
                    public void compute() {
                        Job next = Job.QUEUE.poll();
                        next.failed(new IllegalStateException());
                        new Split();
                        new Merge();
                        tryComplete();
                    }
                }
                """.replace("BASE", base).replace("MARK", mark);
    }

    @Test
    void anOverriddenHookOfAnUntracedTaskObjectIsNoGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Drain.java", polledHook("extends CountedCompleter<Void>",
                "// expect: intra-task-sync \"Split.failed() (receiver not traced: one of 3 implementations by type)\"")).check();
    }

    @Test
    void theSameCallOnAnUntracedPlainObjectIsAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Drain.java", polledHook("", "")).check();
    }
}
