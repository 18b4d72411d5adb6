package corpus.intratasksync.positive.lockedcanvasbench;

/** A pixel buffer whose writes are already synchronized, like a shared image with a thread-safe setter. */
public class Raster {

    private final int width;
    private final int height;
    private final int[] pixels;

    public Raster(int width, int height) {
        this.width = width;
        this.height = height;
        this.pixels = new int[width * height];
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public synchronized void setPixel(int x, int y, int rgb) { // expect: intra-task-sync
        pixels[y * width + x] = rgb;
    }

    public long checksum() {
        long sum = 0;
        for (int pixel : pixels) {
            sum = sum * 31 + pixel;
        }
        return sum;
    }
}
