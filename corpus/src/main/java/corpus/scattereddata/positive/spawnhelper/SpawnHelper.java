package corpus.scattereddata.positive.spawnhelper;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** The loop creates one tile task per row band and forks it through {@link Spawner#spawn} in another file. */
public class SpawnHelper {

    static final int WIDTH = 300;
    static final int HEIGHT = 200;
    static final int BAND = 25;

    static class Brightness extends RecursiveTask<Long> {
        private final int[] pixels;

        Brightness(int[] pixels) {
            this.pixels = pixels;
        }

        @Override
        protected Long compute() {
            List<Tile> pending = new ArrayList<>();
            for (int row = 0; row < HEIGHT; row += BAND) {
                Tile tile = new Tile(pixels, row * WIDTH, Math.min(row + BAND, HEIGHT) * WIDTH);
                Spawner.spawn(tile, pending); // expect: fork-all
            }
            long total = 0;
            for (Tile tile : pending) {
                total += tile.join();
            }
            return total;
        }
    }

    static class Tile extends RecursiveTask<Long> {
        private final int[] pixels;
        private final int from;
        private final int to;

        Tile(int[] pixels, int from, int to) {
            this.pixels = pixels;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = from; i < to; i++) {
                int rgb = pixels[i];
                sum += ((rgb >> 16) & 0xFF) * 3L + ((rgb >> 8) & 0xFF) * 6L + (rgb & 0xFF);
            }
            return sum;
        }
    }

    public static void main(String[] args) {
        int[] pixels = new int[WIDTH * HEIGHT];
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] = (i * 2_654_435) & 0xFFFFFF;
        }
        long brightness = ForkJoinPool.commonPool().invoke(new Brightness(pixels));
        System.out.println("checksum=" + brightness);
    }
}
