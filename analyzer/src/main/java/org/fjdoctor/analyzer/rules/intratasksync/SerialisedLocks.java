package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;

/**
 * A lock that task code only ever takes while it holds one other lock ({@code exceptions.add(..)} on a
 * copy-on-write list, always inside {@code synchronized done()}): the outer lock already admits one taker at a
 * time, so nobody ever waits for the inner one. The outer acquisition is the one that may contend, and is judged
 * on its own. Only locks named by a field are grouped, so that every taker of the same lock object is known; one
 * taker outside the outer lock, or one that reaches the field through another object, keeps them all findings.
 */
final class SerialisedLocks {

    /** A lock acquisition the rule would report, with the expression naming the lock ({@code null} if none). */
    record Taken(Blocking match, String what, CtExpression<?> lock) {
    }

    private SerialisedLocks() {
    }

    /** The acquisitions of {@code taken} whose lock every task-code taker holds only under the same other lock. */
    static Set<Taken> inner(List<Taken> taken) {
        Map<String, List<Taken>> byField = new HashMap<>();
        for (Taken t : taken) {
            String field = fieldOf(t.lock());
            if (field != null) {
                byField.computeIfAbsent(field, f -> new ArrayList<>()).add(t);
            }
        }
        Set<Taken> inner = Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<Taken> takers : byField.values()) {
            if (alwaysUnderAnother(takers)) {
                inner.addAll(takers);
            }
        }
        return inner;
    }

    private static boolean alwaysUnderAnother(List<Taken> takers) {
        Set<HeldByCallers.LockName> common = null;
        for (Taken t : takers) {
            HeldByCallers.LockName lock = HeldByCallers.LockName.of(t.lock());
            if (lock == null) {
                return false;
            }
            Set<HeldByCallers.LockName> outer = new LinkedHashSet<>(HeldByCallers.heldAround(t.match().at()));
            outer.remove(lock);
            // a static lock is serialised only by another static one: each object's monitor admits its own taker
            outer.removeIf(held -> !lock.onThisObject() && held.onThisObject());
            if (common == null) {
                common = outer;
            } else {
                common.retainAll(outer);
            }
            if (common.isEmpty()) {
                return false;
            }
        }
        return common != null && !common.isEmpty();
    }

    private static String fieldOf(CtExpression<?> lock) {
        return lock instanceof CtFieldRead<?> read && read.getVariable() != null && read.getVariable().getDeclaringType() != null
                ? read.getVariable().getDeclaringType().getQualifiedName() + "#" + read.getVariable().getSimpleName() : null;
    }
}
