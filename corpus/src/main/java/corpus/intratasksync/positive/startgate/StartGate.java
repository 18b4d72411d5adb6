package corpus.intratasksync.positive.startgate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;

/** Callables submitted to a ForkJoinPool wait on a start latch and read settings through a synchronized wait loop. */
public class StartGate {

    static final int SHARDS = 4;
    static final int SHARD_SIZE = 2_500;

    static long shardSum(int shard, int modulus) {
        long sum = 0;
        for (int i = shard * SHARD_SIZE; i < (shard + 1) * SHARD_SIZE; i++) {
            sum += (i * 7_919L) % modulus;
        }
        return sum;
    }

    public static void main(String[] args) throws Exception {
        Settings.load(1_009);
        ForkJoinPool pool = new ForkJoinPool(2);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Long>> shards = new ArrayList<>();
        for (int s = 0; s < SHARDS; s++) {
            int shard = s;
            shards.add(pool.submit(() -> {
                start.await(); // expect: intra-task-sync
                return shardSum(shard, Settings.modulus());
            }));
        }
        start.countDown();
        long total = 0;
        for (Future<Long> shard : shards) {
            total += shard.get();
        }
        pool.shutdown();
        System.out.println("checksum=" + total);
    }
}
