package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * The dispatch bound counts the implementations a call may run, not the classes that may receive it:
 * more than {@link ForkJoinModel#MAX_DISPATCH_FAN_OUT} subclasses that inherit one implementation (chess'
 * 33 observers, eclipse-collections' lists) are one target, and the focused model must load them as the
 * full model has them (RuleTester checks both). As many implementations of their own stay too ambiguous.
 */
class DispatchBoundTest {

    private static final int CLASSES = ForkJoinModel.MAX_DISPATCH_FAN_OUT + 8;

    private static final String SINK = """
            package lib;
            public interface Sink {
                void put(long value);
            }
            """;

    private static final String LOCKED = """
            package lib;
            public abstract class LockedSink implements Sink {
                private long total;
                @Override
                public synchronized void put(long value) { // expect: intra-task-sync
                    total += value;
                }
            }
            """;

    private static final String TASK = """
            package lib;
            import java.util.concurrent.RecursiveAction;
            public class Feed extends RecursiveAction {
                private final Sink sink;
                public Feed(Sink sink) {
                    this.sink = sink;
                }
                @Override
                protected void compute() {
                    sink.put(1L);
                }
            }
            """;

    @Test
    void manySubclassesOfOneImplementationAreOneTarget() {
        RuleTester tester = RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sink.java", SINK)
                .source("lib/LockedSink.java", LOCKED)
                .source("lib/Feed.java", TASK);
        for (int i = 0; i < CLASSES; i++) {
            tester.source("lib/S" + i + ".java", "package lib;\npublic class S" + i + " extends LockedSink {\n"
                    + "    public static Sink create() {\n        return new S" + i + "();\n    }\n}\n");
        }
        tester.check();
    }

    @Test
    void eachCalledMethodIsBoundedOnItsOwn() {
        // every subclass overrides flush(), none put(): put has one implementation and is followed, in
        // the focused model too, although more than the bound of files declare one of the two names
        RuleTester tester = RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sink.java", SINK.replace("void put(long value);", "void put(long value);\n    void flush();"))
                .source("lib/LockedSink.java", LOCKED.replace("    private long total;",
                        "    private long total;\n    public void flush() {\n    }"))
                .source("lib/Feed.java", TASK.replace("sink.put(1L);", "sink.put(1L);\n        sink.flush();"));
        for (int i = 0; i < CLASSES; i++) {
            tester.source("lib/S" + i + ".java", "package lib;\npublic class S" + i + " extends LockedSink {\n"
                    + "    private int flushed;\n    @Override\n    public void flush() {\n        flushed++;\n    }\n"
                    + "    public static Sink create() {\n        return new S" + i + "();\n    }\n}\n");
        }
        tester.check();
    }

    @Test
    void asManyImplementationsOfTheirOwnAreTooAmbiguous() {
        RuleTester tester = RuleTester.of(IntraTaskSyncRule.class)
                .source("lib/Sink.java", SINK)
                .source("lib/LockedSink.java", LOCKED.replace(" // expect: intra-task-sync", ""))
                .source("lib/Feed.java", TASK);
        for (int i = 0; i < CLASSES; i++) {
            tester.source("lib/S" + i + ".java", "package lib;\npublic class S" + i + " extends LockedSink {\n"
                    + "    private long last;\n    @Override\n    public void put(long value) {\n"
                    + "        last = value;\n        if (value < 0) {\n            super.put(value);\n        }\n    }\n"
                    + "    public static Sink create() {\n        return new S" + i + "();\n    }\n}\n");
        }
        tester.check();
    }
}
