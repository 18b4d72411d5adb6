package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * {@code ForkJoinTask.adapt(callable)} makes a task of a lambda or a named {@code Runnable}/{@code Callable}: it runs
 * on a pool worker when forked, invoked or submitted. A project's own {@code ExecutorService} that adapts and
 * forks what it is given (imglib2's {@code ForkJoinExecutorService}) is a fork/join pool to the code that submits
 * to it, directly or through a field it was handed.
 */
class AdaptedTaskEntryTest {

    @Test
    void adaptedLambdasAndCallablesRunAsTaskCode() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/Adapted.java", """
                package p;
                import java.util.concurrent.*;
                class Adapted {
                    static final Object LOCK = new Object();
                    static long done;
                    static final class Job implements Callable<Long> {
                        @Override
                        public Long call() {
                            synchronized (LOCK) { // expect: intra-task-sync
                                return ++done;
                            }
                        }
                    }
                    static final class Idle implements Callable<Long> {
                        @Override
                        public Long call() {
                            synchronized (LOCK) {
                                return --done;
                            }
                        }
                    }
                    long run() throws Exception {
                        ForkJoinTask<?> first = ForkJoinTask.adapt(() -> {
                            synchronized (LOCK) { // expect: intra-task-sync
                                done++;
                            }
                        }).fork();
                        long second = ForkJoinTask.adapt(new Job()).invoke();
                        first.join();
                        return second + new Idle().call();
                    }
                }
                """).check();
    }

    @Test
    void anExecutorServiceThatForksAdaptedTasksIsAForkJoinPool() {
        RuleTester.of(IntraTaskSyncRule.class).source("p/ForkingExecutor.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class ForkingExecutor extends AbstractExecutorService {
                    @Override
                    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> callables) {
                        List<ForkJoinTask<T>> tasks = new ArrayList<>();
                        for (Callable<T> callable : callables) {
                            tasks.add(ForkJoinTask.adapt(callable));
                        }
                        ForkJoinTask.invokeAll(tasks);
                        return new ArrayList<>(tasks);
                    }
                    @Override
                    public void execute(Runnable runnable) {
                        ForkJoinTask.adapt(runnable).fork();
                    }
                    @Override public void shutdown() { }
                    @Override public List<Runnable> shutdownNow() { return List.of(); }
                    @Override public boolean isShutdown() { return false; }
                    @Override public boolean isTerminated() { return false; }
                    @Override public boolean awaitTermination(long time, TimeUnit unit) { return true; }
                }
                """).source("p/Chunks.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Chunks {
                    static final Object LOCK = new Object();
                    static long sum;
                    static final Chunks FORKING = new Chunks(new ForkingExecutor());
                    static final Chunks THREADS = new Chunks(Executors.newFixedThreadPool(2));
                    private final ExecutorService service;
                    Chunks(ExecutorService service) {
                        this.service = service;
                    }
                    void add(List<Integer> items) throws InterruptedException {
                        List<Callable<Object>> callables = new ArrayList<>();
                        for (Integer item : items) {
                            callables.add(() -> {
                                synchronized (LOCK) { // expect: intra-task-sync
                                    sum += item;
                                }
                                return null;
                            });
                        }
                        service.invokeAll(callables);
                    }
                }
                """).source("p/Plain.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.*;
                class Plain {
                    static final Object LOCK = new Object();
                    static long sum;
                    private final ExecutorService service = Executors.newFixedThreadPool(2);
                    void add(List<Integer> items) {
                        for (Integer item : items) {
                            service.execute(() -> {
                                synchronized (LOCK) {
                                    sum += item;
                                }
                            });
                        }
                    }
                }
                """).check();
    }
}
