import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import jsr166y.ForkJoinPool;
import terrastore.util.collect.parallel.ParallelUtils;

/**
 * Workload for terrastore's ParallelUtils.parallelMerge (a jsr166y RecursiveAction that merges sorted key
 * sets pairwise, as terrastore merges the keys of its nodes for a range query). Written for fjdoctor; only
 * calls terrastore's public API. Arguments: sets, keys per set, rounds. Prints the merged keys' checksum.
 */
public class Driver {

    public static void main(String[] args) throws Exception {
        int sets = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int keys = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int threads = Integer.getInteger("fjdoctor.threads", Runtime.getRuntime().availableProcessors());
        Random random = new Random(42);
        List<Set<String>> input = new ArrayList<Set<String>>();
        for (int s = 0; s < sets; s++) {
            Set<String> set = new TreeSet<String>();
            while (set.size() < keys) {
                set.add("key-" + random.nextInt(1 << 24));
            }
            input.add(set);
        }
        ForkJoinPool pool = new ForkJoinPool(threads);
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            Set<String> merged = ParallelUtils.parallelMerge(new ArrayList<Set<String>>(input), pool);
            for (String key : merged) {
                checksum = checksum * 31 + key.hashCode();
            }
        }
        pool.shutdown();
        System.out.println("checksum=" + checksum);
    }
}
