package corpus.blockingincommonpool.positive.resolverref;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A parallel stream maps through a method reference whose method waits on a future: a FutureTask, whose get()
 * parks the worker without telling the pool (a CompletableFuture's would wait in a managed block).
 */
public class ResolverRef {

    private final Map<Integer, FutureTask<String>> pending = new ConcurrentHashMap<>();

    ResolverRef() {
        for (int id = 0; id < 64; id++) {
            String name = "name-" + id;
            FutureTask<String> lookup = new FutureTask<>(() -> name);
            lookup.run();
            pending.put(id, lookup);
        }
    }

    String resolve(int id) {
        try {
            return pending.get(id).get();
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) {
        ResolverRef resolver = new ResolverRef();
        List<String> names = IntStream.range(0, 64).boxed().parallel()
                .map(resolver::resolve) // expect: blocking-in-common-pool
                .collect(Collectors.toList());
        System.out.println("checksum=" + names.stream().mapToLong(String::hashCode).sum());
    }
}
