package corpus.blockingincommonpool.positive.runnableobject;

import java.util.concurrent.BlockingQueue;

/** Moves the results into a bounded queue: put() waits while the queue is full. */
class Flush implements Runnable {
    private final BlockingQueue<Integer> out;
    private final int from;
    private final int to;

    Flush(BlockingQueue<Integer> out, int from, int to) {
        this.out = out;
        this.from = from;
        this.to = to;
    }

    @Override
    public void run() {
        for (int i = from; i < to; i++) {
            try {
                out.put(i * i);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
