package corpus.blockingincommonpool.negative.sequentialafter;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A pipeline that starts parallel but ends with sequential(): the last mode call decides for the whole
 * pipeline, so the waits run on the calling thread.
 */
public class SequentialAfter {

    private static final CountDownLatch READY = new CountDownLatch(0);

    static int await(int v) {
        try {
            READY.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return v + 1;
    }

    public static void main(String[] args) {
        List<Integer> values = IntStream.range(0, 100).boxed().collect(Collectors.toList());
        long sum = values.parallelStream().map(SequentialAfter::await).sequential().mapToLong(Integer::longValue).sum();
        System.out.println("checksum=" + sum);
    }
}
