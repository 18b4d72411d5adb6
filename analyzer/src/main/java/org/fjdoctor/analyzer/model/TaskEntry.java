package org.fjdoctor.analyzer.model;

import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;

/**
 * Where task code starts: {@code compute()}/{@code exec()} of a task class, or a lambda, method
 * reference or {@code Runnable} submitted to a {@code ForkJoinPool}.
 *
 * @param taskType the task class, or the class that submits the lambda
 * @param label    how reports name it, e.g. {@code SumTask.compute()}
 */
public record TaskEntry(CtExecutable<?> executable, CtType<?> taskType, String label) {
}
