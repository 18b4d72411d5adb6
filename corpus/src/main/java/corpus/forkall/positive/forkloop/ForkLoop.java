package corpus.forkall.positive.forkloop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Prepares one subtask per shard, forks them all in a second loop, and only joins them in a third. */
public class ForkLoop {

    static final int SHARDS = 6;

    static class Checksum extends RecursiveTask<Long> {
        private final byte[] data;
        private final int from;
        private final int to;

        Checksum(byte[] data, int from, int to) {
            this.data = data;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= 10_000) {
                long sum = 0;
                for (int i = from; i < to; i++) {
                    sum = sum * 31 + data[i];
                }
                return sum;
            }
            int step = (to - from + SHARDS - 1) / SHARDS;
            List<Checksum> shards = new ArrayList<>();
            for (int start = from; start < to; start += step) {
                shards.add(new Checksum(data, start, Math.min(to, start + step)));
            }
            for (Checksum shard : shards) { // expect: fork-all
                shard.fork();
            }
            long combined = 0;
            for (Checksum shard : shards) {
                combined = combined * 1_000_003 + shard.join(); // expect: join-order
            }
            return combined;
        }
    }

    public static void main(String[] args) {
        byte[] data = new byte[200_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        System.out.println("checksum=" + ForkJoinPool.commonPool().invoke(new Checksum(data, 0, data.length)));
    }
}
