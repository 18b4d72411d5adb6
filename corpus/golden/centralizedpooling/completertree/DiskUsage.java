package corpus.centralizedpooling.positive.completertree;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.LongAdder;

/** A CountedCompleter walking a directory tree that hands each child visit to getPool().execute(..). */
public class DiskUsage {

    static final class Node {
        final long bytes;
        final List<Node> children = new ArrayList<>();

        Node(long bytes) {
            this.bytes = bytes;
        }
    }

    static final class Visit extends CountedCompleter<Void> {
        private final Node node;
        private final LongAdder total;

        Visit(CountedCompleter<?> parent, Node node, LongAdder total) {
            super(parent);
            this.node = node;
            this.total = total;
        }

        @Override
        public void compute() {
            for (Node child : node.children) {
                addToPendingCount(1);
                var task = new Visit(this, child, total);
                if (java.util.concurrent.ForkJoinTask.inForkJoinPool()) {
                    task.fork();
                } else {
                    getPool().execute(task); // expect: centralized-pooling
                }
            }
            total.add(node.bytes);
            tryComplete();
        }
    }

    static Node build(int depth, int seed) {
        Node node = new Node(seed % 4_096 + 1);
        if (depth > 0) {
            for (int i = 0; i < 4; i++) {
                node.children.add(build(depth - 1, seed * 31 + i));
            }
        }
        return node;
    }

    public static void main(String[] args) {
        Node root = build(6, 7);
        LongAdder total = new LongAdder();
        ForkJoinPool pool = new ForkJoinPool(3);
        try {
            pool.invoke(new Visit(null, root, total));
        } finally {
            pool.shutdown();
        }
        System.out.println("checksum=" + total.sum());
    }
}
