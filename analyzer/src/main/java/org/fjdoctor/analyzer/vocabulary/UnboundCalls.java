package org.fjdoctor.analyzer.vocabulary;

import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtTypeParameter;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for calls JDT could not bind because an argument has no type (a Lombok getter's result,
 * a call into a missing jar): {@code morphology.lemmas(params.getQuery())} has no type, and so neither has the
 * {@code .parallelStream()} after it, though the receiver's class declares {@code lemmas} once. When every method
 * of that name and arity the receiver's type has returns the same type, the call has it.
 */
final class UnboundCalls {

    private UnboundCalls() {
    }

    /** The return type every candidate of {@code call} declares, or {@code null} when unknown or ambiguous. */
    static CtTypeReference<?> typeOf(CtInvocation<?> call) {
        if (call.getTarget() == null || call.getExecutable() == null) {
            return null;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
        CtType<?> owner = receiver == null || VarTypes.isUnknown(receiver) ? null : HalfResolved.typeDeclaration(receiver);
        if (owner == null) {
            return null;
        }
        String name = call.getExecutable().getSimpleName();
        int arity = call.getArguments().size();
        CtTypeReference<?> found = null;
        for (CtMethod<?> method : HalfResolved.lookup(owner::getAllMethods, Set.<CtMethod<?>>of())) {
            if (!method.getSimpleName().equals(name) || method.getParameters().size() != arity
                    || method.getParameters().stream().anyMatch(parameter -> parameter.isVarArgs())) {
                continue;
            }
            CtTypeReference<?> type = selfType(method.getType(), method, receiver);
            if (type == null || type instanceof CtTypeParameterReference || VarTypes.isUnknown(type)
                    || found != null && !found.getQualifiedName().equals(type.getQualifiedName())) {
                return null;
            }
            found = type;
        }
        return found;
    }

    /**
     * The receiver's type where {@code type} is the self type of a fluent generic base ({@code S} of
     * {@code BaseStream<T, S extends BaseStream<T, S>>}: {@code parallel()} returns the stream it is called on).
     */
    private static CtTypeReference<?> selfType(CtTypeReference<?> type, CtMethod<?> method, CtTypeReference<?> receiver) {
        if (!(type instanceof CtTypeParameterReference parameter) || method.getDeclaringType() == null) {
            return type;
        }
        CtTypeParameter declaration = HalfResolved.lookup(parameter::getDeclaration, null);
        CtTypeReference<?> bound = declaration == null ? null : declaration.getSuperclass();
        return bound != null && bound.getQualifiedName().equals(method.getDeclaringType().getQualifiedName())
                ? receiver : type;
    }
}
