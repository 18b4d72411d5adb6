package org.fjdoctor.analyzer.rules.intratasksync;

import static org.fjdoctor.analyzer.rules.intratasksync.LockSharingTest.check;

import org.junit.jupiter.api.Test;

/**
 * A mutator of a {@code CopyOnWriteArrayList} or {@code CopyOnWriteArraySet} ({@code add}, {@code addIfAbsent},
 * {@code remove}, {@code set}, ...) takes the collection's one lock and copies its whole array: tasks that add to
 * a shared one queue on that lock. Reads take no lock, a list one task creates for itself is not shared, and
 * registering a listener (what such lists are made for: rare writes, lock-free walks) contends for nothing.
 */
class CopyOnWriteMutatorTest {

    @Test
    void mutatorsOfASharedCopyOnWriteCollectionLockIt() {
        check("""
                            SEEN.add(from); // expect: intra-task-sync "CopyOnWriteArraySet"
                            LINKS.addIfAbsent("x" + to); // expect: intra-task-sync "CopyOnWriteArrayList"
                            total += LINKS.size();
                """, """
                    static final Set<Integer> SEEN = new CopyOnWriteArraySet<>();
                    static final CopyOnWriteArrayList<String> LINKS = new CopyOnWriteArrayList<>();
                """);
    }

    @Test
    void registeringAListenerIsNoContendedLock() {
        check("""
                            LISTENERS.add(() -> { });
                """, """
                    interface ChangeListener { void changed(); }
                    static final List<ChangeListener> LISTENERS = new CopyOnWriteArrayList<>();
                """);
    }

    @Test
    void readsAndAListOfTheTasksOwnTakeNoSharedLock() {
        check("""
                            total += LINKS.size() + (LINKS.contains("x") ? 1 : 0);
                            for (String link : LINKS) { total += link.length(); }
                            CopyOnWriteArrayList<Integer> mine = new CopyOnWriteArrayList<>();
                            mine.add(to);
                            total += mine.size();
                """, """
                    static final CopyOnWriteArrayList<String> LINKS = new CopyOnWriteArrayList<>();
                """);
    }
}
