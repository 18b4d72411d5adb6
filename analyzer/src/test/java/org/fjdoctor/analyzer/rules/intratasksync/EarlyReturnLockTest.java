package org.fjdoctor.analyzer.rules.intratasksync;

import static org.fjdoctor.analyzer.rules.intratasksync.LockSharingTest.check;

import org.junit.jupiter.api.Test;

/**
 * Double-checked locking written with early returns ({@code if (known(t)) return; synchronized (l) { if
 * (known(t)) return; add(t); }}) takes the shared lock once per new key: not a finding. The same lock without the
 * check repeated inside is taken whenever the first check fails, and stays one.
 */
class EarlyReturnLockTest {

    @Test
    void aSharedLockBehindARepeatedEarlyReturnIsNotAFinding() {
        check("""
                            learn("t" + (to - from) % 4);
                            learnUnchecked("u" + (to - from) % 4);
                """, """
                    static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();
                    static final Object LOCK = new Object();
                    static final ReentrantLock TABLE = new ReentrantLock();
                    static void learn(String type) {
                        if (KNOWN.contains(type)) {
                            return;
                        }
                        synchronized (LOCK) {
                            if (KNOWN.contains(type)) {
                                return;
                            }
                            KNOWN.add(type);
                        }
                        TABLE.lock();
                        try {
                            if (KNOWN.contains(type)) {
                                return;
                            }
                        } finally {
                            TABLE.unlock();
                        }
                    }
                    static void learnUnchecked(String type) {
                        if (KNOWN.contains(type)) {
                            return;
                        }
                        synchronized (LOCK) { // expect: intra-task-sync "static field Sum.LOCK"
                            KNOWN.add(type);
                        }
                    }
                """);
    }
}
