package corpus.unboundedeureka.positive.referencefind;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicReference;

/** Looks for a customer by name and keeps the record in an AtomicReference, without ever stopping. */
public class ReferenceFind {

    static final AtomicReference<String> MATCH = new AtomicReference<>();

    static class Lookup extends RecursiveAction {
        private final List<String> names;
        private final int from;
        private final int to;

        Lookup(List<String> names, int from, int to) {
            this.names = names;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from > 1_000) {
                int mid = (from + to) >>> 1;
                invokeAll(new Lookup(names, from, mid), new Lookup(names, mid, to));
                return;
            }
            for (int i = from; i < to; i++) {
                String name = names.get(i);
                if (name.startsWith("zz")) {
                    MATCH.set(name); // expect: unbounded-eureka
                }
            }
        }
    }

    public static void main(String[] args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            names.add(i == 777 ? "zz-top" : "customer-" + i);
        }
        ForkJoinPool.commonPool().invoke(new Lookup(names, 0, names.size()));
        System.out.println("checksum=" + MATCH.get());
    }
}
