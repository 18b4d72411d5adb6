package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.Match;
import org.fjdoctor.analyzer.model.CommonPoolCode;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtInvocation;

/**
 * What {@link BlockingInCommonPoolRule} matched: the blocking call, what it does, and how the common pool
 * reaches it.
 *
 * @param call   the blocking call
 * @param effect waits for another thread, sleeps, or waits for I/O
 * @param via    how the code gets into the common pool
 * @param path   the call path from the function the pool runs
 */
public record CommonPoolBlocking(CtInvocation<?> call, Apis.Effect effect, CommonPoolCode.Via via, Reach path)
        implements Match {
}
