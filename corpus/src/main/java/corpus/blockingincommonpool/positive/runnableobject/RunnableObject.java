package corpus.blockingincommonpool.positive.runnableobject;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;

/** An object of a Runnable class handed to runAsync without an executor: its run() waits in the common pool. */
public class RunnableObject {

    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<Integer> out = new ArrayBlockingQueue<>(8);
        CompletableFuture<Void> done = CompletableFuture.runAsync(new Flush(out, 0, 100)); // expect: blocking-in-common-pool
        long checksum = 0;
        for (int i = 0; i < 100; i++) {
            checksum += out.take();
        }
        done.join();
        System.out.println("checksum=" + checksum);
    }
}
