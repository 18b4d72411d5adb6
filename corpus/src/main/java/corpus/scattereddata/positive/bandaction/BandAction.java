package corpus.scattereddata.positive.bandaction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A RecursiveAction forks one blur action per row band inside its loop, then joins them all. */
public class BandAction {

    static final int WIDTH = 256;
    static final int HEIGHT = 128;

    static class BlurImage extends RecursiveAction {
        private final int[] source;
        private final int[] target;
        private final int bandHeight;

        BlurImage(int[] source, int[] target, int bandHeight) {
            this.source = source;
            this.target = target;
            this.bandHeight = bandHeight;
        }

        @Override
        protected void compute() {
            List<BlurRows> bands = new ArrayList<>();
            for (int top = 0; top < HEIGHT; top += bandHeight) {
                BlurRows band = new BlurRows(source, target, top, Math.min(top + bandHeight, HEIGHT));
                band.fork(); // expect: fork-all
                bands.add(band);
            }
            for (BlurRows band : bands) {
                band.join(); // expect: join-order
            }
        }
    }

    static class BlurRows extends RecursiveAction {
        private final int[] source;
        private final int[] target;
        private final int firstRow;
        private final int endRow;

        BlurRows(int[] source, int[] target, int firstRow, int endRow) {
            this.source = source;
            this.target = target;
            this.firstRow = firstRow;
            this.endRow = endRow;
        }

        @Override
        protected void compute() {
            for (int y = firstRow; y < endRow; y++) {
                for (int x = 0; x < WIDTH; x++) {
                    int left = source[y * WIDTH + Math.max(x - 1, 0)];
                    int right = source[y * WIDTH + Math.min(x + 1, WIDTH - 1)];
                    target[y * WIDTH + x] = (left + 2 * source[y * WIDTH + x] + right) / 4;
                }
            }
        }
    }

    public static void main(String[] args) {
        int[] source = new int[WIDTH * HEIGHT];
        for (int i = 0; i < source.length; i++) {
            source[i] = (i * 97) % 256;
        }
        int[] target = new int[source.length];
        ForkJoinPool.commonPool().invoke(new BlurImage(source, target, 16));
        long checksum = 0;
        for (int value : target) {
            checksum = checksum * 31 + value;
        }
        System.out.println("checksum=" + checksum);
    }
}
