package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A receiver whose value comes from a factory method ({@code Box box = Make.make(); box.set(..)}) holds the class
 * that factory allocates when the factory cannot be overridden and every return gives one class: the call
 * runs that class's override alone, and its lock is reported. A factory that may return several classes, or one
 * a subclass can override, leaves the receiver untraced, and the call dispatched by type stays a guess.
 */
class FactoryAllocationTest {

    private static String program(String factory, String mark) {
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
                    @Override
                    protected void compute() {
                        Box box = Make.make(1);
                        box.set(0, 1.0);
                    }
                }
                class Make {
                    FACTORY
                }
                """.replace("FACTORY", factory).replace("MARK", mark);
    }

    @Test
    void aStaticFactoryReturningOneClassNarrowsTheCallToThatClass() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program(
                "static Box make(int kind) { return new Box1(); }",
                "// expect: intra-task-sync \"Box1.set() (on a new Box1)\"")).check();
    }

    @Test
    void aFactoryReturningAnotherFactorysOneClassNarrowsToo() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program("""
                static Box make(int kind) { return create(); }
                    private static Box create() { return new Box1(); }
                """, "// expect: intra-task-sync \"Box1.set() (on a new Box1)\"")).check();
    }

    @Test
    void aFactoryReturningSeveralClassesLeavesTheCallAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program("""
                static Box make(int kind) {
                        if (kind == 1) {
                            return new Box1();
                        }
                        return new Box2();
                    }
                """, "")).check();
    }

    @Test
    void anOverridableFactoryLeavesTheCallAGuess() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Fill.java", program("""
                static Box make(int kind) { return new Make().create(); }
                    Box create() { return new Box1(); }
                }
                class OtherMake extends Make {
                    @Override Box create() { return new Box2(); }
                """, "")).check();
    }
}
