package corpus.blockingincommonpool.positive.blockingstreambench;

import java.util.stream.IntStream;

/**
 * Workload: a parallel stream that calls a slow remote service per key (its latency simulated by a
 * sleep), then does a little work with each answer. Arguments: keys per round (default small), rounds,
 * latency in milliseconds.
 */
public class BlockingStreamBench {

    static long latencyMs = 1;

    static long lookup(int key) {
        try {
            Thread.sleep(latencyMs); // expect: sleepy-worker
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long h = key;
        for (int i = 0; i < 1_000; i++) {
            h = h * 0x9E3779B97F4A7C15L + i;
        }
        return h;
    }

    // measure: 96 4 5
    public static void main(String[] args) {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        latencyMs = args.length > 2 ? Long.parseLong(args[2]) : 1;
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            final int round = r;
            checksum = checksum * 31 + IntStream.range(0, keys).parallel()
                    .mapToLong(k -> lookup(k + round)) // expect: blocking-in-common-pool
                    .sum();
        }
        System.out.println("checksum=" + checksum);
    }
}
