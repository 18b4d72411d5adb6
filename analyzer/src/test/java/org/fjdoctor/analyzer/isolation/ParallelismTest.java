package org.fjdoctor.analyzer.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ParallelismTest {

    private static final List<Integer> ITEMS = IntStream.range(0, 500).boxed().toList();

    @AfterEach
    void clearThreads() {
        System.clearProperty(Parallelism.THREADS);
    }

    @Test
    void givesTheResultsInTheItemsOrderOnAnyNumberOfThreads() {
        for (String threads : List.of("1", "4")) {
            System.setProperty(Parallelism.THREADS, threads);
            assertEquals(ITEMS.stream().map(i -> "#" + i).toList(), Parallelism.map(ITEMS, i -> "#" + i), threads);
        }
    }

    @Test
    void oneThreadRunsEverythingOnTheCallersThread() {
        System.setProperty(Parallelism.THREADS, "1");
        Set<Thread> ran = ConcurrentHashMap.newKeySet();
        Parallelism.map(ITEMS, i -> ran.add(Thread.currentThread()));
        assertEquals(Set.of(Thread.currentThread()), ran);
    }

    @Test
    void handsEachItemAndItsResultOnInOrder() {
        System.setProperty(Parallelism.THREADS, "4");
        List<String> seen = new ArrayList<>();
        Parallelism.forEach(ITEMS, i -> i * 2, (item, result) -> seen.add(item + "=" + result));
        assertEquals(ITEMS.stream().map(i -> i + "=" + i * 2).toList(), seen);
    }

    @Test
    void readsTheThreadsFromTheSystemProperty() {
        System.setProperty(Parallelism.THREADS, "3");
        assertEquals(3, Parallelism.threads());
        System.setProperty(Parallelism.THREADS, "0");
        assertEquals(1, Parallelism.threads(), "at least one");
    }
}
