package corpus.nosequentialcutoff.negative.blockelements;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Splits down to one element, but each element is a block of 2,048 values that the leaf loops over:
 * the element is the cutoff.
 */
public class BlockElements {

    static final int BLOCK = 2_048;

    static class BlockSum extends RecursiveTask<Long> {
        private final int[] data;
        private final int firstBlock;
        private final int endBlock;

        BlockSum(int[] data, int firstBlock, int endBlock) {
            this.data = data;
            this.firstBlock = firstBlock;
            this.endBlock = endBlock;
        }

        @Override
        protected Long compute() {
            if (endBlock - firstBlock == 1) {
                return sumBlock(firstBlock);
            }
            int mid = (firstBlock + endBlock) >>> 1;
            BlockSum left = new BlockSum(data, firstBlock, mid);
            left.fork();
            return new BlockSum(data, mid, endBlock).compute() + left.join();
        }

        private long sumBlock(int block) {
            long sum = 0;
            for (int i = block * BLOCK; i < Math.min(data.length, (block + 1) * BLOCK); i++) {
                sum += data[i];
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        int[] data = new int[BLOCK * 16];
        for (int i = 0; i < data.length; i++) {
            data[i] = i % 1_009;
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new BlockSum(data, 0, 16)));
    }
}
