package org.fjdoctor.analyzer.rules.centralizedpooling;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;

/**
 * What {@link CentralizedPoolingRule} matched: task code handing work to a pool.
 *
 * @param call       the {@code execute/submit/invoke(..)} call
 * @param pool       its receiver (the pool expression), {@code null} when implicit
 * @param work       the submitted task, lambda or runnable (the call's first argument)
 * @param commonPool whether the receiver is the common pool
 * @param path       how task code reaches the call
 */
public record Submission(CtInvocation<?> call, CtExpression<?> pool, CtExpression<?> work, boolean commonPool,
                         Reach path) implements Match {

    /** The submitting method's name: {@code execute}, {@code submit}, {@code invoke}, ... */
    public String method() {
        return call.getExecutable().getSimpleName();
    }
}
