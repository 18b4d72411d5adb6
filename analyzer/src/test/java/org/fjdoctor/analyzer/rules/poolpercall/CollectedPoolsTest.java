package org.fjdoctor.analyzer.rules.poolpercall;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A pool created per call and put into a collection field is still a pool per call when no one takes a pool back
 * out of the collection (it is only filled, cleared, or walked to shut its pools down); one that a later call
 * looks up and reuses (a cache) is kept, created once per key.
 */
class CollectedPoolsTest {

    private static final String TASK = PoolOncePerRunTest.TASK;

    @Test
    void aPoolPutInAMapOnlyWalkedToShutItDownIsAPoolPerCall() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Indexer.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.ForkJoinPool;
                class Indexer {
                    Map<ForkJoinPool, String> pools = new HashMap<>();
                    List<ForkJoinPool> started = new ArrayList<>();
                    void start(List<String> sites) {
                        for (String site : sites) {
                            ForkJoinPool pool = new ForkJoinPool(); // expect: pool-per-call "no one takes a pool back"
                            pools.put(pool, site);
                            pool.invoke(new Sum(site.length()));
                        }
                    }
                    void startOne(String site) {
                        started.add(new ForkJoinPool()); // expect: pool-per-call "runs on every call of Indexer.startOne()"
                    }
                    void stop() {
                        pools.keySet().forEach(ForkJoinPool::shutdownNow);
                        pools.clear();
                        for (ForkJoinPool pool : started) {
                            pool.shutdown();
                        }
                        started.forEach(pool -> pool.shutdownNow());
                    }
                    boolean finished() {
                        boolean all = true;
                        for (ForkJoinPool pool : pools.keySet()) {
                            if (pool.getPoolSize() == 0) {
                                System.out.println(pools.get(pool));
                            } else {
                                all = false;
                            }
                        }
                        return all;
                    }
                }
                """).check();
    }

    @Test
    void aPoolTakenBackOutOfTheCollectionIsKept() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Indexer.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.ForkJoinPool;
                class Indexer {
                    Map<String, ForkJoinPool> pools = new HashMap<>();
                    List<ForkJoinPool> started = new ArrayList<>();
                    long run(String site) {
                        ForkJoinPool pool = pools.get(site);
                        if (pool == null) {
                            pool = new ForkJoinPool();
                            pools.put(site, pool);
                        }
                        return pool.invoke(new Sum(site.length()));
                    }
                    void startOne(String site) {
                        started.add(new ForkJoinPool());
                    }
                    long again(int n) {
                        long total = 0;
                        for (ForkJoinPool pool : started) {
                            total += pool.invoke(new Sum(n));
                        }
                        return total;
                    }
                }
                """).check();
    }

    @Test
    void aPoolHandedOnFromTheCollectionIsKept() {
        RuleTester.of(PoolPerCallRule.class).source("p/Sum.java", TASK).source("p/Indexer.java", """
                package p;
                import java.util.*;
                import java.util.concurrent.ForkJoinPool;
                class Indexer {
                    final Set<ForkJoinPool> pools = new HashSet<>();
                    void start(String site) {
                        pools.add(new ForkJoinPool());
                    }
                    void each() {
                        pools.forEach(this::use);
                    }
                    void use(ForkJoinPool pool) {
                        pool.invoke(new Sum(1));
                    }
                }
                """).check();
    }
}
