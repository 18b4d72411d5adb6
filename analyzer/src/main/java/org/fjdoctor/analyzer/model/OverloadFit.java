package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExpression;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * The overload a call's arguments fit. Where an argument's type is missing (a class of a jar not on the classpath),
 * the compiler binds the call to some method of the same name and arity, which may be another overload:
 * {@code gen.place(start.x(), start.z(), start)} bound to {@code place(World, Random, Pair)} beside
 * {@code place(int, int, Start)}. A known argument that the bound method's parameter cannot take rules it out, and
 * the one other overload of its class that takes that argument as declared (and no known argument it cannot take)
 * is the method called: as specific a match as any, so Java's own choice too.
 */
final class OverloadFit {

    private enum Fit { UNKNOWN, EXACT, COMPATIBLE, MISMATCH }

    /** What a primitive argument may be boxed or widened into besides its own box. */
    private static final Set<String> PRIMITIVE_SUPERTYPES = Set.of("java.lang.Object", "java.lang.Number",
            "java.io.Serializable", "java.lang.Comparable");

    private OverloadFit() {
    }

    /** {@code bound}, or the other overload the arguments of {@code call} fit where they do not fit it. */
    static CtExecutable<?> of(CtAbstractInvocation<?> call, CtExecutable<?> bound, JavaTypes types) {
        if (!(bound instanceof CtMethod<?> method) || isVarArgs(method)
                || method.getParameters().size() != call.getArguments().size() || call.getArguments().isEmpty()) {
            return bound;
        }
        CtType<?> owner = method.getDeclaringType();
        List<Fit> boundFits = fits(call, method, types);
        if (owner == null || !boundFits.contains(Fit.MISMATCH)) {
            return bound;
        }
        CtMethod<?> chosen = null;
        for (CtMethod<?> other : owner.getMethodsByName(method.getSimpleName())) {
            if (other == method || isVarArgs(other) || other.getParameters().size() != method.getParameters().size()) {
                continue;
            }
            List<Fit> fits = fits(call, other, types);
            boolean takesWhatBoundRejects = true;
            for (int i = 0; i < fits.size(); i++) {
                if (boundFits.get(i) == Fit.MISMATCH && fits.get(i) != Fit.EXACT && fits.get(i) != Fit.COMPATIBLE) {
                    takesWhatBoundRejects = false;
                }
            }
            if (takesWhatBoundRejects && !fits.contains(Fit.MISMATCH)) {
                if (chosen != null) {
                    return bound; // two overloads fit: the compiler's pick stands
                }
                chosen = other;
            }
        }
        return chosen != null ? chosen : bound;
    }

    private static boolean isVarArgs(CtMethod<?> method) {
        return method.getParameters().stream().anyMatch(CtParameter::isVarArgs);
    }

    private static List<Fit> fits(CtAbstractInvocation<?> call, CtMethod<?> method, JavaTypes types) {
        List<CtParameter<?>> parameters = method.getParameters();
        return java.util.stream.IntStream.range(0, parameters.size())
                .mapToObj(i -> fit(call.getArguments().get(i), parameters.get(i).getType(), types)).toList();
    }

    private static Fit fit(CtExpression<?> argument, CtTypeReference<?> parameter, JavaTypes types) {
        CtTypeReference<?> type = argument.getType();
        if (type == null || parameter == null || type instanceof CtTypeParameterReference
                || parameter instanceof CtTypeParameterReference || type instanceof CtArrayTypeReference<?>
                || parameter instanceof CtArrayTypeReference<?> || type.getSimpleName().contains("null")) {
            return Fit.UNKNOWN; // a generic, an array or a null literal: not worth judging here
        }
        String argumentName = type.getQualifiedName();
        String parameterName = parameter.getQualifiedName();
        if (argumentName.equals(parameterName)) {
            return Fit.EXACT;
        }
        if (type.isPrimitive() || parameter.isPrimitive()) {
            if (type.isPrimitive() && parameter.isPrimitive()) {
                return Fit.COMPATIBLE; // widening, which the exact overload would win over anyway
            }
            CtTypeReference<?> primitive = type.isPrimitive() ? type : parameter;
            CtTypeReference<?> boxed = type.isPrimitive() ? parameter : type;
            CtTypeReference<?> box = primitive.box();
            return box != null && box.getQualifiedName().equals(boxed.getQualifiedName())
                    || type.isPrimitive() && PRIMITIVE_SUPERTYPES.contains(parameterName) ? Fit.COMPATIBLE : Fit.MISMATCH;
        }
        return parameterName.equals("java.lang.Object") || types.isSubtypeOf(type, parameterName)
                ? Fit.COMPATIBLE : Fit.MISMATCH;
    }
}
