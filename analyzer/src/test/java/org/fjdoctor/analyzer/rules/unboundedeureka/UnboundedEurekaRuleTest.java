package org.fjdoctor.analyzer.rules.unboundedeureka;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

class UnboundedEurekaRuleTest {

    static final String SEARCH = """
            package p;

            import java.util.concurrent.RecursiveAction;
            import java.util.concurrent.atomic.AtomicInteger;

            class Search extends RecursiveAction {
                static final AtomicInteger FOUND = new AtomicInteger(-1);
                final int[] a;
                final int lo;
                final int hi;
                final int target;

                Search(int[] a, int lo, int hi, int target) {
                    this.a = a;
                    this.lo = lo;
                    this.hi = hi;
                    this.target = target;
                }

                @Override
                protected void compute() {%s
                    if (hi - lo <= 1000) {
                        for (int i = lo; i < hi; i++) {%s
                            if (a[i] == target) {
                                FOUND.compareAndSet(-1, i);%s
                            }
                        }
                        return;
                    }
                    int mid = (lo + hi) >>> 1;
                    invokeAll(new Search(a, lo, mid, target), new Search(a, mid, hi, target));
                }
            }
            """;

    @Test
    void aSearchThatNeverChecksItsFind() {
        RuleTester.of(UnboundedEurekaRule.class)
                .source("p/Search.java", SEARCH.formatted("", "", " // expect: unbounded-eureka \"FOUND\""))
                .check();
    }

    @Test
    void aSearchThatChecksItsFlagIsFine() {
        RuleTester.of(UnboundedEurekaRule.class)
                .source("p/Search.java", SEARCH.formatted("\n        if (FOUND.get() >= 0) {\n            return;\n        }", "", ""))
                .check();
        RuleTester.of(UnboundedEurekaRule.class)
                .source("p/Search.java", SEARCH.formatted("", "\n                if (isCancelled()) {\n                    return;\n                }", ""))
                .check();
    }

    @Test
    void aBackportSearchWithAStaticFlag() {
        RuleTester.of(UnboundedEurekaRule.class)
                .source("p/Find.java", """
                        package p;

                        import jsr166y.RecursiveTask;

                        class Find extends RecursiveTask<Boolean> {
                            static volatile boolean found;
                            final String[] words;
                            final int lo;
                            final int hi;

                            Find(String[] words, int lo, int hi) {
                                this.words = words;
                                this.lo = lo;
                                this.hi = hi;
                            }

                            @Override
                            protected Boolean compute() {
                                if (hi - lo <= 100) {
                                    for (int i = lo; i < hi; i++) {
                                        if (words[i].isEmpty()) {
                                            found = true; // expect: unbounded-eureka
                                        }
                                    }
                                    return false;
                                }
                                int mid = (lo + hi) >>> 1;
                                Find left = new Find(words, lo, mid);
                                left.fork();
                                boolean right = new Find(words, mid, hi).compute();
                                return left.join() || right;
                            }
                        }
                        """)
                .check();
    }

    @Test
    void countingEveryMatchIsNoEureka() {
        RuleTester.of(UnboundedEurekaRule.class)
                .source("p/Search.java", SEARCH.formatted("", "", "").replace("FOUND.compareAndSet(-1, i);",
                        "FOUND.incrementAndGet();"))
                .check();
    }

    /** A flag every leaf sets from what it computed (did any batch send a message) is an aggregate, not a find. */
    @Test
    void aFlagTheLeafSetsFromItsResultIsNoFind() {
        RuleTester.of(UnboundedEurekaRule.class).source("p/Step.java", """
                package p;

                import java.util.concurrent.CountedCompleter;
                import java.util.concurrent.atomic.AtomicBoolean;

                class Step extends CountedCompleter<Void> {
                    static final AtomicBoolean SENT = new AtomicBoolean();
                    final int lo, hi;
                    Step(CountedCompleter<?> parent, int lo, int hi) { super(parent); this.lo = lo; this.hi = hi; }

                    @Override
                    public void compute() {
                        if (hi - lo > 1000) {
                            int mid = (lo + hi) >>> 1;
                            addToPendingCount(1);
                            new Step(this, lo, mid).fork();
                            new Step(this, mid, hi).compute();
                        } else {
                            boolean sent = false;
                            for (int i = lo; i < hi; i++) {
                                sent |= i % 7 == 0;
                            }
                            SENT.compareAndSet(false, sent);
                            tryComplete();
                        }
                    }
                }
                """).check();
    }
}
