package org.fjdoctor.analyzer.rules.forkall;

import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.forkthenjoin.ForkThenJoinRule;
import org.fjdoctor.analyzer.rules.joinorder.JoinOrderRule;
import org.junit.jupiter.api.Test;

/**
 * Fork and join loops written as functions over a collection: {@code tasks.forEach(ForkJoinTask::fork)},
 * {@code tasks.forEach(t -> t.fork())}, then {@code tasks.forEach(ForkJoinTask::join)} or
 * {@code tasks.stream().mapToInt(ForkJoinTask::join)}. Fork-all reports the fork pass, join-order the join
 * pass (it walks the same collection in fork order), fork-then-join a lazy pipeline that forks and joins each
 * element in turn. Forking all but one, invokeAll, and a pipeline that collects its forks first are not.
 */
class ForEachForksTest {

    private static final String SOURCE = """
            package p;
            import java.util.*;
            import java.util.concurrent.*;
            import java.util.stream.*;
            class Crawl extends RecursiveTask<Integer> {
                final int depth;
                Crawl(int depth) { this.depth = depth; }
                @Override
                protected Integer compute() {
                    if (depth == 0) {
                        return 1;
                    }
                    invokeSubtasks(IntStream.range(0, 4).mapToObj(i -> new Crawl(depth - 1)).collect(Collectors.toSet()));
                    return 1;
                }
                private void invokeSubtasks(Collection<Crawl> subtasks) {
                    subtasks.forEach(ForkJoinTask::fork); // expect: fork-all
                    subtasks.forEach(ForkJoinTask::join); // expect: join-order
                }
            }
            class Sum extends RecursiveTask<Integer> {
                final int n;
                Sum(int n) { this.n = n; }
                @Override
                protected Integer compute() {
                    if (n < 100) {
                        return n;
                    }
                    List<Sum> parts = List.of(new Sum(n / 2), new Sum(n - n / 2));
                    parts.forEach(t -> t.fork()); // expect: fork-all
                    return parts.stream().mapToInt(ForkJoinTask::join).sum(); // expect: join-order
                }
            }
            class Collect extends RecursiveTask<List<Integer>> {
                final int n;
                Collect(int n) { this.n = n; }
                @Override
                protected List<Integer> compute() {
                    if (n < 100) {
                        return List.of(n);
                    }
                    List<Collect> parts = List.of(new Collect(n / 2), new Collect(n - n / 2));
                    parts.forEach(ForkJoinTask::fork); // expect: fork-all
                    List<Integer> all = new ArrayList<>();
                    parts.forEach(t -> all.addAll(t.join())); // expect: join-order
                    return all;
                }
            }
            class Serial extends RecursiveTask<Integer> {
                final int n;
                Serial(int n) { this.n = n; }
                @Override
                protected Integer compute() {
                    if (n < 100) {
                        return n;
                    }
                    List<Serial> parts = List.of(new Serial(n / 2), new Serial(n - n / 2));
                    return parts.stream().map(ForkJoinTask::fork).mapToInt(ForkJoinTask::join).sum(); // expect: fork-then-join
                }
            }
            class AllButOne extends RecursiveTask<Integer> {
                final int n;
                AllButOne(int n) { this.n = n; }
                @Override
                protected Integer compute() {
                    if (n < 100) {
                        return n;
                    }
                    List<AllButOne> parts = List.of(new AllButOne(n / 2), new AllButOne(n - n / 2));
                    parts.subList(1, parts.size()).forEach(ForkJoinTask::fork);
                    int first = parts.get(0).compute();
                    return first + parts.stream().skip(1).mapToInt(ForkJoinTask::join).sum();
                }
            }
            class Invoked extends RecursiveTask<Integer> {
                final int n;
                Invoked(int n) { this.n = n; }
                @Override
                protected Integer compute() {
                    if (n < 100) {
                        return n;
                    }
                    List<Invoked> parts = List.of(new Invoked(n / 2), new Invoked(n - n / 2));
                    invokeAll(parts);
                    return parts.stream().mapToInt(ForkJoinTask::join).sum();
                }
            }
            class Gathered extends RecursiveTask<Integer> {
                final int n;
                Gathered(int n) { this.n = n; }
                @Override
                protected Integer compute() {
                    if (n < 100) {
                        return n;
                    }
                    List<Gathered> parts = List.of(new Gathered(n / 2), new Gathered(n - n / 2));
                    List<ForkJoinTask<Integer>> forked = parts.stream().map(ForkJoinTask::fork).collect(Collectors.toList());
                    int done = compute(n / 4);
                    return done + forked.stream().mapToInt(ForkJoinTask::join).sum();
                }
                private int compute(int m) {
                    return m;
                }
            }
            """;

    private static void check(Class<? extends Rule> rule, String id) {
        check(SOURCE, rule, id);
    }

    /** {@code source} with only {@code rule}'s expectations: the other rules' markers are left out. */
    static void check(String source, Class<? extends Rule> rule, String id) {
        RuleTester.of(rule).source("p/Crawl.java", source.replaceAll(" // expect: (?!" + id + "\\b)[a-z-]+", ""))
                .check();
    }

    @Test
    void forkAllSeesForEachForkPasses() {
        check(ForkAllRule.class, "fork-all");
    }

    @Test
    void joinOrderSeesJoinPassesInForkOrder() {
        check(JoinOrderRule.class, "join-order");
    }

    @Test
    void forkThenJoinSeesALazyPipelineThatForksAndJoinsEachElement() {
        check(ForkThenJoinRule.class, "fork-then-join");
    }
}
