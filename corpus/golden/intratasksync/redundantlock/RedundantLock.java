package corpus.intratasksync.positive.redundantlock;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A RecursiveAction renders rows and wraps each already-synchronized pixel write in a redundant lock. */
public class RedundantLock {

    static final int ROWS_PER_LEAF = 8;

    static class RenderRows extends RecursiveAction {
        private final Canvas canvas;
        private final Object lock;
        private final int fromRow;
        private final int toRow;

        RenderRows(Canvas canvas, Object lock, int fromRow, int toRow) {
            this.canvas = canvas;
            this.lock = lock;
            this.fromRow = fromRow;
            this.toRow = toRow;
        }

        @Override
        protected void compute() {
            if (toRow - fromRow <= ROWS_PER_LEAF) {
                for (int y = fromRow; y < toRow; y++) {
                    for (int x = 0; x < canvas.width(); x++) {
                        int rgb = shade(x, y);
                        canvas.setPixel(x, y, rgb); // expect: intra-task-sync
                    }
                }
                return;
            }
            int mid = (fromRow + toRow) >>> 1;
            RenderRows top = new RenderRows(canvas, lock, fromRow, mid);
            RenderRows bottom = new RenderRows(canvas, lock, mid, toRow);
            top.fork();
            bottom.compute();
            top.join();
        }

        static int shade(int x, int y) {
            int red = (x * 7 + y * 13) & 0xFF;
            int green = (x ^ y) & 0xFF;
            return red << 16 | green << 8 | ((x + y) & 0xFF);
        }
    }

    public static void main(String[] args) {
        Canvas canvas = new Canvas(64, 48);
        ForkJoinPool.commonPool().invoke(new RenderRows(canvas, new Object(), 0, canvas.height()));
        System.out.println("checksum=" + canvas.checksum());
    }
}
