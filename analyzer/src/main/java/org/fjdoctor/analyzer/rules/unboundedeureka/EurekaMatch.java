package org.fjdoctor.analyzer.rules.unboundedeureka;

import org.fjdoctor.analyzer.Match;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;

/**
 * A search that records its find but never stops for it: the task's {@code compute()}, the shared
 * field, the statement that writes the find, how the write names the field ({@code found},
 * {@code Search.RESULT}, {@code this.hit}), and the loop around the write in its method, if any.
 */
public record EurekaMatch(CtMethod<?> compute, CtField<?> flag, CtStatement write, CtExpression<?> flagAccess,
                          CtLoop leafLoop) implements Match {
}
