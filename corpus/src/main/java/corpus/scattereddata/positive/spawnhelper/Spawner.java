package corpus.scattereddata.positive.spawnhelper;

import java.util.List;
import java.util.concurrent.ForkJoinTask;

/** Helper that forks a task and remembers it for the later join loop. */
final class Spawner {

    private Spawner() {
    }

    static <T extends ForkJoinTask<?>> void spawn(T task, List<T> pending) {
        task.fork();
        pending.add(task);
    }
}
