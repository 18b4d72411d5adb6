package corpus.blockingincommonpool.positive.resolverref;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A parallel stream maps through a method reference whose method waits on a future. */
public class ResolverRef {

    private final Map<Integer, CompletableFuture<String>> pending = new ConcurrentHashMap<>();

    ResolverRef() {
        for (int id = 0; id < 64; id++) {
            pending.put(id, CompletableFuture.completedFuture("name-" + id));
        }
    }

    String resolve(int id) {
        try {
            return pending.get(id).get(); // expect: blocking-in-common-pool
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) {
        ResolverRef resolver = new ResolverRef();
        List<String> names = IntStream.range(0, 64).boxed().parallel()
                .map(resolver::resolve)
                .collect(Collectors.toList());
        System.out.println("checksum=" + names.stream().mapToLong(String::hashCode).sum());
    }
}
