package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pause on the way to {@code System.exit} stalls no pool work, as the process ends; a pause the method
 * can leave without exiting (a loop, a {@code throw}, a lambda's own body) is still a sleeping worker.
 */
class ExitPauseTest {

    private static String task(String stop) {
        return """
                package p;
                import java.util.concurrent.RecursiveAction;
                class Stop extends RecursiveAction {
                    volatile boolean running = true;
                    @Override
                    protected void compute() {
                        leave(3);
                    }
                STOP
                }
                """.replace("STOP", stop);
    }

    @Test
    void pauseJustBeforeTheExitIsNotReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Stop.java", task("""
                    void leave(int status) {
                        try {
                            Thread.sleep(1000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        Runtime.getRuntime().halt(status);
                    }
                """)).check();
    }

    @Test
    void pauseInALoopBeforeTheExitIsReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Stop.java", task("""
                    void leave(int status) {
                        while (running) {
                            try {
                                Thread.sleep(1000); // expect: sleepy-worker
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                        System.exit(status);
                    }
                """)).check();
    }

    @Test
    void pauseInAMethodThatMayThrowInsteadIsReported() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Stop.java", task("""
                    void leave(int status) {
                        try {
                            Thread.sleep(1000); // expect: sleepy-worker
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                        System.exit(status);
                    }
                """)).check();
    }

    @Test
    void pauseInALambdaIsJudgedByTheLambdasOwnBody() {
        RuleTester.of(SleepyWorkerRule.class).source("p/Stop.java", task("""
                    void leave(int status) {
                        Runnable flush = () -> {
                            try {
                                Thread.sleep(1000); // expect: sleepy-worker
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        };
                        flush.run();
                        System.exit(status);
                    }
                """)).check();
    }
}
