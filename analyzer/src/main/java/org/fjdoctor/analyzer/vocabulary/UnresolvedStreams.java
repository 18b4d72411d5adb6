package org.fjdoctor.analyzer.vocabulary;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for {@code parallelStream()} on a collection of a missing jar: without fastutil,
 * {@code map.values().parallelStream()} over an {@code Int2ObjectMap} has no receiver type, so nothing says it is
 * {@code Collection.parallelStream()}. No typing can prove it; the name decides, as {@code parallelStream()} is the
 * JDK collections' method (a library collection inherits it, or, like a paged iterable's, returns a parallel stream
 * of its elements too). Only where nothing is known of the receiver: a type Spoon resolves, a source class's
 * own method, decides by its declaration. {@code stream()} stays unresolved: libraries name other things so.
 */
public final class UnresolvedStreams {

    private UnresolvedStreams() {
    }

    /** Whether {@code call} is a {@code parallelStream()} on a receiver of no known type. */
    public static boolean isParallelStreamOfMissingType(CtInvocation<?> call) {
        if (call.getExecutable() == null || !call.getExecutable().getSimpleName().equals("parallelStream")
                || !call.getArguments().isEmpty() || call.getTarget() == null
                || HalfResolved.executableDeclaration(call.getExecutable()) != null) {
            return false;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
        return receiver == null || VarTypes.isUnknown(receiver) || HalfResolved.typeDeclaration(receiver) == null;
    }

    /** The type {@code call} has where it is {@link #isParallelStreamOfMissingType}, else {@code null}. */
    static CtTypeReference<?> typeOf(CtInvocation<?> call) {
        return isParallelStreamOfMissingType(call) ? call.getFactory().Type().createReference("java.util.stream.Stream")
                : null;
    }
}
