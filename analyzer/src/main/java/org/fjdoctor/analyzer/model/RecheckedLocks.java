package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;

/**
 * Double-checked locking written with early returns: {@code if (known(t)) return; lock; try { if (known(t))
 * return; add(t); } finally { unlock; }}. The lock is only taken when the lock-free check failed, and the locked
 * code repeats that very check first, which is how code says the slow path runs once per new key (a schema that
 * learns a type, a table that grows): once the state is there, no caller takes the lock. How often the check
 * fails is not visible; the repeated check is the author's statement that it rarely does.
 */
public final class RecheckedLocks {

    private RecheckedLocks() {
    }

    /**
     * Whether {@code call}, a lock or a call that takes one ({@code lockWrite()} in a try-with-resources), or a
     * {@code synchronized} block, runs only after an {@code if (C) return;} earlier in its block, and the region
     * the lock guards (the synchronized body, the try that follows the lock, or the try whose resource it is)
     * holds an {@code if (C) return;} with the same condition among its statements.
     */
    public static boolean behindEarlyReturn(CtElement call) {
        CtStatement statement = statementIn(call);
        if (statement == null || !(statement.getParent() instanceof CtBlock<?> block)) {
            return false;
        }
        List<CtStatement> statements = block.getStatements();
        int at = statements.indexOf(statement);
        CtBlock<?> guarded = null;
        if (statement instanceof CtTryWithResource resources && resources.getResources().stream()
                .anyMatch(resource -> call == resource || call.hasParent(resource))) {
            guarded = resources.getBody();
        } else if (statement == call && statement instanceof CtSynchronized monitor) {
            guarded = monitor.getBlock();
        } else if (statement == call && at + 1 < statements.size() && statements.get(at + 1) instanceof CtTry next) {
            guarded = next.getBody();
        }
        if (guarded == null || at < 0) {
            return false;
        }
        List<String> before = new ArrayList<>();
        for (CtStatement earlier : statements.subList(0, at)) {
            String condition = earlyReturn(earlier);
            if (condition != null) {
                before.add(condition);
            }
        }
        for (CtStatement inside : guarded.getStatements()) {
            String condition = earlyReturn(inside);
            if (condition != null && before.contains(condition)) {
                return true;
            }
        }
        return false;
    }

    /** The statement of its block that holds {@code element}, within the same executable. */
    private static CtStatement statementIn(CtElement element) {
        CtExecutable<?> in = element.getParent(CtExecutable.class);
        for (CtElement e = element; e != null && e != in && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtStatement statement && e.getParent() instanceof CtBlock<?>) {
                return statement;
            }
        }
        return null;
    }

    /** The condition of {@code if (C) return ..;} (without else), as text, or {@code null}. */
    private static String earlyReturn(CtStatement statement) {
        if (!(statement instanceof CtIf check) || check.getElseStatement() != null || check.getCondition() == null) {
            return null;
        }
        CtStatement then = check.getThenStatement();
        if (then instanceof CtBlock<?> body && body.getStatements().size() == 1) {
            then = body.getStatement(0);
        }
        return then instanceof CtReturn<?> ? check.getCondition().toString() : null;
    }
}
