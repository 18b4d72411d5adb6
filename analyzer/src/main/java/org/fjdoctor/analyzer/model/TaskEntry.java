package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.vocabulary.Framework;

import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;

/**
 * Where task code starts: {@code compute()}/{@code exec()} of a task class, or a lambda, method
 * reference or {@code Runnable} submitted to a {@code ForkJoinPool}.
 *
 * @param taskType  the task class, or the class that submits the lambda
 * @param label     how reports name it, e.g. {@code SumTask.compute()}
 * @param framework whose pool runs it: the task class's framework, or that of the pool that code is submitted
 *                  to (the receiver's type, the pool an {@code ExecutorService} field is given, an
 *                  {@code *Async} call's pool): a rewrite that calls the pool (a managed block) must name this
 *                  one, which may be the only one at the project's Java level (jsr166y's before Java 7)
 */
public record TaskEntry(CtExecutable<?> executable, CtType<?> taskType, String label, Framework framework) {
}
