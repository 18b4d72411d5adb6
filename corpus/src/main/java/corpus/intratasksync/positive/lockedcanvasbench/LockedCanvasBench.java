package corpus.intratasksync.positive.lockedcanvasbench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Workload: renders rows in parallel and wraps each already-synchronized pixel write in a second,
 * redundant lock shared by all tasks. Arguments: image side (default small) and rounds.
 */
public class LockedCanvasBench {

    static final int ROWS_PER_LEAF = 8;

    static class RenderRows extends RecursiveAction {
        private final Raster raster;
        private final Object lock;
        private final int fromRow;
        private final int toRow;

        RenderRows(Raster raster, Object lock, int fromRow, int toRow) {
            this.raster = raster;
            this.lock = lock;
            this.fromRow = fromRow;
            this.toRow = toRow;
        }

        @Override
        protected void compute() {
            if (toRow - fromRow <= ROWS_PER_LEAF) {
                for (int y = fromRow; y < toRow; y++) {
                    for (int x = 0; x < raster.width(); x++) {
                        int rgb = shade(x, y);
                        synchronized (lock) { // expect: intra-task-sync
                            raster.setPixel(x, y, rgb);
                        }
                    }
                }
                return;
            }
            int mid = (fromRow + toRow) >>> 1;
            RenderRows top = new RenderRows(raster, lock, fromRow, mid);
            RenderRows bottom = new RenderRows(raster, lock, mid, toRow);
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

    // measure: 1200 4
    public static void main(String[] args) {
        int side = args.length > 0 ? Integer.parseInt(args[0]) : 96;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        Raster raster = new Raster(side, side);
        for (int r = 0; r < rounds; r++) {
            ForkJoinPool.commonPool().invoke(new RenderRows(raster, new Object(), 0, raster.height()));
        }
        System.out.println("checksum=" + raster.checksum());
    }
}
