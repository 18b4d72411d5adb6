package corpus.intratasksync.negative.atomicmeter;

/** The request front door: rounds each size to whole 64-byte frames and meters it. */
public final class Gateway {

    private Gateway() {
    }

    static void accept(int bytes) {
        int frames = (bytes + 63) / 64;
        Meter.observe(frames * 64L);
    }
}
