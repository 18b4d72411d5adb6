package org.fjdoctor.analyzer.rules.intratasksync;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Where the object behind a monitor comes from when the lock is taken on {@code this} of a helper object or
 * on a lock field of it: an object still being built, a monitor the enclosing synchronized code already holds,
 * a lock field each instance creates for itself (as shared as its holder) and an anonymous object made per call
 * stall no worker; the same shapes on an object every task reaches do, and the message says what shares it.
 */
class LockHolderTest {

    /** A leaf task in package p whose {@code compute()} runs {@code LEAF}, next to the helper classes {@code HELPERS}. */
    private static void check(String leaf, String helpers) {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Helpers.java", """
                        package p;
                        import java.util.*;
                        import java.util.function.*;
                        HELPERS
                        """.replace("HELPERS", helpers))
                .source("p/Leaf.java", """
                        package p;
                        import java.util.*;
                        import java.util.concurrent.RecursiveTask;
                        class Leaf extends RecursiveTask<Integer> {
                            @Override
                            protected Integer compute() {
                                int total = 0;
                        LEAF
                                return total;
                            }
                        }
                        """.replace("LEAF", leaf))
                .check();
    }

    private static final String SETTINGS = """
            class Settings {
                private final Map<String, String> values = new HashMap<>();
                Settings(Map<String, String> given) {
                    for (Map.Entry<String, String> e : given.entrySet()) {
                        put(e.getKey(), e.getValue());
                    }
                }
                synchronized void put(String key, String value) { values.put(key, value); }
                synchronized String get(String key) { return values.get(key); }
            }
            """;

    /** A project collection that hands each entry to a callback: the lambda runs through a call the model follows. */
    private static final String TABLE = """
                class Table {
                    private final String[] keys;
                    Table(String... keys) { this.keys = keys; }
                    void each(BiConsumer<String, String> action) {
                        for (String key : keys) {
                            action.accept(key, key);
                        }
                    }
                }
            """;

    @Test
    void aSynchronizedMethodTheConstructorCallsLocksAnObjectNoOtherThreadSeesYet() {
        check("""
                        Settings mine = new Settings(Map.of("a", "b"));
                        total += mine.get("a").length();
                """, SETTINGS);
    }

    @Test
    void aConstructorThatPublishesThisMakesItsObjectShared() {
        check("""
                        Settings mine = new Settings(Map.of("a", "b"));
                        total += mine.get("a").length();
                """, """
                class Settings {
                    static final List<Settings> ALL = new ArrayList<>();
                    private final Map<String, String> values = new HashMap<>();
                    Settings(Map<String, String> given) {
                        ALL.add(this);
                        for (Map.Entry<String, String> e : given.entrySet()) {
                            put(e.getKey(), e.getValue());
                        }
                    }
                    synchronized void put(String key, String value) { values.put(key, value); } // expect: intra-task-sync "Settings"
                    synchronized String get(String key) { return values.get(key); }
                }
                """);
    }

    @Test
    void aLambdaInsideASynchronizedMethodReentersItsMonitor() {
        check("""
                        Settings mine = Settings.SHARED;
                        total += mine.get("a") == null ? 0 : 1;
                        mine.putAll(new Table("c", "d")); // the finding is the outer monitor
                """, """
                class Settings {
                    static final Settings SHARED = new Settings(Map.of());
                    private final Map<String, String> values = new HashMap<>();
                    Settings(Map<String, String> given) { values.putAll(given); }
                    synchronized void put(String key, String value) { values.put(key, value); }
                    synchronized String get(String key) { return values.get(key); } // expect: intra-task-sync "static field Settings.SHARED"
                    synchronized void putAll(Table more) { // expect: intra-task-sync "static field Settings.SHARED"
                        more.each((k, v) -> put(k, v));
                    }
                }
                """ + TABLE);
    }

    @Test
    void aLambdaOutsideTheMonitorLocksTheSharedObjectAgain() {
        check("""
                        Settings.SHARED.putAll(new Table("c", "d"));
                """, """
                class Settings {
                    static final Settings SHARED = new Settings(Map.of());
                    private final Map<String, String> values = new HashMap<>();
                    Settings(Map<String, String> given) { values.putAll(given); }
                    synchronized void put(String key, String value) { values.put(key, value); } // expect: intra-task-sync "static field Settings.SHARED"
                    void putAll(Table more) {
                        more.each((k, v) -> put(k, v));
                    }
                }
                """ + TABLE);
    }

    @Test
    void aLockFieldEachObjectCreatesForItselfIsAsSharedAsItsHolder() {
        check("""
                        Tally mine = new Tally();
                        mine.add(3);
                        total += mine.sum();
                        Tally.COMMON.add(total);
                """, """
                class Tally {
                    static final Tally COMMON = new Tally();
                    private final Object lock = new Object();
                    private final List<Integer> seen = new ArrayList<>();
                    private int sum;
                    void add(int v) {
                        synchronized (lock) { sum += v; } // expect: intra-task-sync "static field Tally.COMMON"
                    }
                    int sum() {
                        synchronized (seen) { return sum + seen.size(); } // the holder is the task's own
                    }
                }
                """);
    }

    @Test
    void aLockFieldHandedOutIsShared() {
        check("""
                        Tally mine = new Tally();
                        mine.add(3);
                        total += mine.sum();
                """, """
                class Tally {
                    static Object exposed;
                    private final Object lock = new Object();
                    private int sum;
                    void add(int v) {
                        exposed = lock;
                        synchronized (lock) { sum += v; } // expect: intra-task-sync "field Tally.lock"
                    }
                    int sum() { return sum; }
                }
                """);
    }

    @Test
    void anAnonymousObjectMadePerCallIsNotSharedButOneInAStaticFieldIs() {
        check("""
                        Counter mine = Counter.fresh();
                        mine.bump();
                        Counter.ONE.bump();
                        total += mine.value();
                """, """
                abstract class Counter {
                    static final Counter ONE = fresh();
                    abstract void bump();
                    abstract int value();
                    static Counter fresh() {
                        return new Counter() {
                            private int n;
                            @Override
                            synchronized void bump() { n++; } // expect: intra-task-sync "static field Counter.ONE"
                            @Override
                            int value() { return n; }
                        };
                    }
                }
                """);
    }

    @Test
    void aMonitorTakenThroughSuperIsTheSameObjectsMonitor() {
        check("""
                        Derived mine = new Derived();
                        mine.put("a");
                        Derived.SHARED.put("b");
                """, """
                class Base {
                    private final List<String> items = new ArrayList<>();
                    synchronized void put(String item) { items.add(item); } // expect: intra-task-sync "static field Derived.SHARED"
                }
                class Derived extends Base {
                    static final Derived SHARED = new Derived();
                    @Override
                    void put(String item) {
                        super.put(item.trim());
                    }
                }
                """);
    }
}
