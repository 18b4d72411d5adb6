package corpus.centralizedpooling.positive.sharedpool;

import java.util.concurrent.ForkJoinPool;

/** The application's shared worker pool, held in a static field. */
final class Pools {

    static final ForkJoinPool SHARED = new ForkJoinPool(4);

    private Pools() {
    }
}
