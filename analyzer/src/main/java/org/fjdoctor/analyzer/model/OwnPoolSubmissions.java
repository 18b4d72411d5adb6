package org.fjdoctor.analyzer.model;

import java.util.List;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Code that runs on a worker of a fork/join pool of the project's own because the lambda around it is handed to
 * that pool ({@code executor.submit(() -> files.parallelStream()..)} with {@code executor} a bean wrapping a
 * {@code new ForkJoinPool(n)}): what it starts in "the common pool" (a parallel stream's tasks) forks there instead.
 * The lambda must be the innermost function around the code, so that the submission is the only way it runs, and
 * the pool must be made by the project, never the common pool.
 */
final class OwnPoolSubmissions {

    /** Variables followed back to the {@code new ForkJoinPool(..)} they hold, at most. */
    private static final int MAX_HOPS = 3;

    private OwnPoolSubmissions() {
    }

    /** Whether {@code code} runs only inside a lambda submitted to a fork/join pool the project made. */
    static boolean runIn(CtElement code, JavaTypes types, PoolValues pools) {
        CtLambda<?> lambda = innermostLambda(code);
        if (lambda == null || !(lambda.getParent() instanceof CtInvocation<?> submission)
                || submission.getExecutable() == null
                || !Apis.SUBMISSION_NAMES.contains(submission.getExecutable().getSimpleName())
                || submission.getArguments().stream().noneMatch(argument -> argument == lambda)
                || submission.getTarget() == null || submission.getTarget().getType() == null
                || !types.isSubtypeOf(submission.getTarget().getType(), "java.util.concurrent.Executor")) {
            return false;
        }
        CtExpression<?> pool = pools.poolIn(submission.getTarget());
        return pool != null && made(pool, types, MAX_HOPS);
    }

    /** The lambda {@code code} is in, when no method or other function is between them; else {@code null}. */
    private static CtLambda<?> innermostLambda(CtElement code) {
        for (CtElement e = code; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLambda<?> found) {
                return found;
            }
            if (e instanceof CtExecutable<?>) {
                return null; // a method's code: its callers decide where it runs
            }
        }
        return null;
    }

    /** Whether every value {@code pool} may hold is a pool the project creates ({@code new ForkJoinPool(..)}). */
    private static boolean made(CtExpression<?> pool, JavaTypes types, int hops) {
        if (pool instanceof CtConstructorCall<?>) {
            return true;
        }
        if (pool instanceof CtInvocation<?> call) {
            return Apis.WORK_STEALING_POOL.matches(call, types);
        }
        if (hops == 0) {
            return false;
        }
        List<CtExpression<?>> values = pool instanceof CtFieldRead<?> read ? HeldWork.storedIn(read)
                : pool instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?>
                ? ValueOrigins.of(read).stream().<CtExpression<?>>map(ValueOrigins.Origin::expression).toList()
                : List.of();
        return !values.isEmpty() && values.stream().allMatch(value -> value != pool && made(value, types, hops - 1));
    }
}
