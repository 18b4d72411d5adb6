package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtParameterReference;

/**
 * Which collection a function's parameter walks: the element a lambda or an anonymous {@code Function}
 * receives from the pipeline or helper it is handed to, as a for-each variable receives the elements of
 * what it walks ({@code Stream.of(partition(list, n)).flatMap(Collection::stream).map(part -> new Sub(part))},
 * {@code Lists.transform(Lists.partition(list, n), new Function<..>() { apply(part) .. })},
 * {@code parts.forEach(part -> ..)}). Matched by exact owner names, as {@link ValueOrigins} has no type
 * hierarchy at hand: the static types of these receivers are the JDK's and Guava's own. A stream step whose
 * receiver did not resolve (its source is a call into a jar not on the classpath) matches by name, as the
 * chain must still start at a recognised source ({@code Stream.of}, {@code stream()}, {@code Arrays.stream}).
 */
public final class ElementSources {

    private ElementSources() {
    }

    /**
     * The collection whose elements {@code read} (a read of a function's only parameter) takes, with the
     * function as the origin's {@code through}; {@code null} for any other read.
     */
    public static ValueOrigins.Origin of(CtExpression<?> read) {
        if (!(read instanceof CtVariableRead<?> variable) || !(variable.getVariable() instanceof CtParameterReference<?> p)) {
            return null;
        }
        CtParameter<?> parameter = p.getDeclaration();
        if (parameter == null || !parameter.isParentInitialized()) {
            return null;
        }
        CtElement function = parameter.getParent();
        if (!(function instanceof CtExecutable<?> executable) || executable.getParameters().size() != 1) {
            return null;
        }
        CtElement handed = function;
        if (function instanceof CtMethod<?> method) {
            // an anonymous Function/Consumer: its one method, handed on as `new Function<..>() {..}`
            if (!Apis.FUNCTIONAL_METHODS.contains(method.getSimpleName()) || !method.getDeclaringType().isAnonymous()
                    || !(method.getDeclaringType().getParent() instanceof CtNewClass<?> anonymous)) {
                return null;
            }
            handed = anonymous;
        } else if (!(function instanceof CtLambda<?>)) {
            return null;
        }
        if (!(handed.getParent() instanceof CtInvocation<?> call) || !call.getArguments().contains(handed)) {
            return null;
        }
        CtExpression<?> source = null;
        if (Apis.STREAM_ELEMENT_FUNCTION.matchesExactlyOrUnresolved(call)) {
            source = streamSource(call.getTarget());
        } else if (Apis.ITERABLE_FOR_EACH.matchesExactly(call)) {
            source = call.getTarget();
        } else if (Apis.TRANSFORM.matchesExactly(call) && call.getArguments().get(1) == handed) {
            source = call.getArguments().get(0);
        }
        return source == null ? null : new ValueOrigins.Origin(source, function);
    }

    /** The collection whose elements {@code stream} yields, through steps that keep its elements; or {@code null}. */
    static CtExpression<?> streamSource(CtExpression<?> stream) {
        CtExpression<?> at = stream;
        while (at instanceof CtInvocation<?> call) {
            if (Apis.STREAM_KEEPS_ELEMENTS.matchesExactlyOrUnresolved(call)) {
                at = call.getTarget();
            } else if (Apis.COLLECTION_STREAM.matchesExactly(call) && call.getTarget() != null) {
                return call.getTarget();
            } else if (Apis.ARRAY_STREAM.matchesExactly(call)) {
                return call.getArguments().get(0);
            } else if (Apis.STREAM_FLAT_MAP.matchesExactlyOrUnresolved(call) && streamsEachElement(call.getArguments().get(0))
                    && call.getTarget() instanceof CtInvocation<?> one && Apis.STREAM_OF_ONE.matchesExactly(one)) {
                // Stream.of(parts).flatMap(Collection::stream): the elements of parts
                return one.getArguments().get(0);
            } else {
                return null;
            }
        }
        return null;
    }

    /** {@code Collection::stream}, {@code List::stream}, or {@code c -> c.stream()}. */
    private static boolean streamsEachElement(CtExpression<?> function) {
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            return reference.getExecutable().getSimpleName().equals("stream");
        }
        if (function instanceof CtLambda<?> lambda && lambda.getExpression() instanceof CtInvocation<?> call
                && lambda.getParameters().size() == 1) {
            return call.getExecutable().getSimpleName().equals("stream") && call.getArguments().isEmpty()
                    && call.getTarget() instanceof CtVariableRead<?> target
                    && target.getVariable().getSimpleName().equals(lambda.getParameters().get(0).getSimpleName());
        }
        return false;
    }

    /**
     * The method of an anonymous {@code Function}/{@code Consumer}/.. that {@code created} hands to a library
     * call running it on the caller's thread (a stream step, {@code forEach}, Guava's {@code transform}): it
     * runs as part of the code around it, as a lambda written there would (lambdas are scanned in place).
     */
    static List<CtExecutable<?>> functionsRunBy(CtAbstractInvocation<?> created) {
        if (!(created instanceof CtNewClass<?> newClass) || newClass.getAnonymousClass() == null
                || !(newClass.getParent() instanceof CtInvocation<?> call) || !Apis.RUNS_FUNCTION_IN_CALLER.stream()
                .anyMatch(matcher -> matcher.matchesExactly(call))) {
            return List.of();
        }
        List<CtExecutable<?>> functions = new ArrayList<>();
        for (CtMethod<?> method : newClass.getAnonymousClass().getMethods()) {
            if (Apis.FUNCTIONAL_METHODS.contains(method.getSimpleName()) && method.getBody() != null) {
                functions.add(method);
            }
        }
        return functions;
    }
}
