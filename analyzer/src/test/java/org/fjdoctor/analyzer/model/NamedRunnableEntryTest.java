package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * Code a fork/join pool runs though it is no lambda at the submission: an instance of a named Runnable or
 * Callable class ({@code pool.execute(new Worker(..))}, through a local too), and the lambdas and workers a
 * method adds to the list it hands to {@code pool.invokeAll(tasks)}.
 */
class NamedRunnableEntryTest {

    @Test
    void namedRunnablesAndCollectedCallablesRunAsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Jobs.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Jobs {
                    static final Object LOCK = new Object();
                    static long done;
                    static final class Worker implements Runnable {
                        @Override
                        public void run() {
                            synchronized (LOCK) { // expect: intra-task-sync
                                done++;
                            }
                        }
                    }
                    static final class Job implements Callable<Long> {
                        @Override
                        public Long call() {
                            synchronized (Jobs.class) { // expect: intra-task-sync
                                return ++done;
                            }
                        }
                    }
                    static final class Idle implements Runnable {
                        @Override
                        public void run() {
                            synchronized (LOCK) {
                                done--;
                            }
                        }
                    }
                    void start(ForkJoinPool pool) throws InterruptedException {
                        pool.execute(new Worker());
                        List<Callable<Long>> tasks = new ArrayList<>();
                        tasks.add(new Job());
                        tasks.add(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                return done;
                            }
                        });
                        pool.invokeAll(tasks);
                        new Thread(new Idle()).start();
                    }
                }
                """).check();
    }
}
