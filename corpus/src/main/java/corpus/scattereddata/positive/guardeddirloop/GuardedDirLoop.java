package corpus.scattereddata.positive.guardeddirloop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A tree walk that forks one task per child inside a null check, then joins them after it. */
public class GuardedDirLoop {

    static final class Node {
        final int value;
        final Node[] children;

        Node(int value, Node[] children) {
            this.value = value;
            this.children = children;
        }
    }

    static class Walk extends RecursiveTask<Long> {
        private final Node node;

        Walk(Node node) {
            this.node = node;
        }

        @Override
        protected Long compute() {
            long sum = node.value;
            List<Walk> walks = new ArrayList<>();
            if (node.children != null) {
                for (Node child : node.children) {
                    Walk walk = new Walk(child);
                    walk.fork(); // expect: fork-all
                    walks.add(walk);
                }
            }
            for (Walk walk : walks) {
                sum += walk.join(); // expect: join-order
            }
            return sum;
        }
    }

    static Node tree(int depth, int seed) {
        if (depth == 0) {
            return new Node(seed % 97, null);
        }
        Node[] children = new Node[3];
        for (int i = 0; i < children.length; i++) {
            children[i] = tree(depth - 1, seed * 3 + i);
        }
        return new Node(seed % 89, children);
    }

    public static void main(String[] args) {
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Walk(tree(7, 1))));
    }
}
