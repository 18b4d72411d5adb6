package org.fjdoctor.refactorings.unboundedeureka;

import static org.fjdoctor.refactorings.RewriteTester.replaceOnce;

import org.fjdoctor.refactorings.RewriteTester;
import org.fjdoctor.refactorings.Safety;
import org.junit.jupiter.api.Test;

class EarlyExitRewriteTest {

    private static final String SEARCH = """
            package p;

            import java.util.concurrent.RecursiveAction;
            import java.util.concurrent.atomic.AtomicInteger;

            class Search extends RecursiveAction {
                static final AtomicInteger FOUND = new AtomicInteger(-1);
                final int[] a;
                final int lo;
                final int hi;

                Search(int[] a, int lo, int hi) {
                    this.a = a;
                    this.lo = lo;
                    this.hi = hi;
                }

                @Override
                protected void compute() {
                    if (hi - lo <= 1000) {
                        for (int i = lo; i < hi; i++) {
                            if (a[i] == 42) {
                                FOUND.compareAndSet(-1, i);
                            }
                        }
                        return;
                    }
                    int mid = (lo + hi) >>> 1;
                    invokeAll(new Search(a, lo, mid), new Search(a, mid, hi));
                }
            }
            """;

    @Test
    void checksTheAtomicAtTheTopAndInTheLeafLoop() {
        String after = replaceOnce(SEARCH, """
                    protected void compute() {
                        if (hi - lo <= 1000) {
                            for (int i = lo; i < hi; i++) {
                """, """
                    protected void compute() {
                        if (FOUND.get() != -1) {
                            return;
                        }
                        if (hi - lo <= 1000) {
                            for (int i = lo; i < hi; i++) {
                                if (FOUND.get() != -1) {
                                    break;
                                }
                """);
        RewriteTester.of(EarlyExitRewrite.class)
                .before("p/Search.java", SEARCH)
                .after("p/Search.java", after)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void aBackportTaskReturnsItsNothingFoundValue() {
        String before = """
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
                                    found = true;
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
                """;
        String after = replaceOnce(before, """
                        protected Boolean compute() {
                            if (hi - lo <= 100) {
                                for (int i = lo; i < hi; i++) {
                    """, """
                        protected Boolean compute() {
                            if (found) {
                                return false;
                            }
                            if (hi - lo <= 100) {
                                for (int i = lo; i < hi; i++) {
                                    if (found) {
                                        break;
                                    }
                    """);
        RewriteTester.of(EarlyExitRewrite.class)
                .before("p/Find.java", before)
                .after("p/Find.java", after)
                .safety(Safety.REVIEW)
                .check();
    }

    @Test
    void anAtomicInitializedElsewhereStaysManual() {
        RewriteTester.of(EarlyExitRewrite.class)
                .before("p/Search.java", replaceOnce(SEARCH, "static final AtomicInteger FOUND = new AtomicInteger(-1);",
                        "static final AtomicInteger FOUND;\n\n    static {\n        FOUND = new AtomicInteger(-1);\n    }"))
                .safety(Safety.REVIEW)
                .check();
    }
}
