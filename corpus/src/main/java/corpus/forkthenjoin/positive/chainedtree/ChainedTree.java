package corpus.forkthenjoin.positive.chainedtree;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Counts the leaves of a generated tree; each child is visited with fork().join(), one after the other. */
public class ChainedTree {

    static final class Node {
        final List<Node> children = new ArrayList<>();
    }

    static Node grow(int depth, int seed) {
        Node node = new Node();
        if (depth > 0) {
            int width = 1 + seed % 3;
            for (int c = 0; c < width; c++) {
                node.children.add(grow(depth - 1, seed * 7 + c + 1));
            }
        }
        return node;
    }

    static class Leaves extends RecursiveTask<Integer> {
        private final Node node;

        Leaves(Node node) {
            this.node = node;
        }

        @Override
        protected Integer compute() {
            if (node.children.isEmpty()) {
                return 1;
            }
            int leaves = 0;
            for (Node child : node.children) {
                leaves += new Leaves(child).fork().join(); // expect: fork-then-join
            }
            return leaves;
        }
    }

    public static void main(String[] args) {
        Node root = grow(9, 1);
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Leaves(root)));
    }
}
