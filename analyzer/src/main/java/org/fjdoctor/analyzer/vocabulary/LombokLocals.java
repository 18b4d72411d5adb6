package org.fjdoctor.analyzer.vocabulary;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Lombok's {@code val x = init;} and {@code lombok.var x = init;} declare a local of the initializer's type, as
 * Java's {@code var} does; but Lombok rewrites them only inside javac, so without it Spoon types the local
 * {@code lombok.val} and every call on it matches nothing (a socket's {@code connect}, a JDBC statement's
 * {@code executeQuery}). Such a local is read like a {@code var}. A class of the project's own named {@code val}
 * or {@code var} is a real type and is left alone.
 */
final class LombokLocals {

    private static final Set<String> NAMES = Set.of("val", "var");

    private LombokLocals() {
    }

    /** Whether {@code variable} is declared with Lombok's {@code val} or {@code var}. */
    static boolean declares(CtLocalVariable<?> variable) {
        return !variable.isInferred() && isLombokType(variable.getType());
    }

    /**
     * Whether {@code type} is Lombok's {@code val}/{@code var}: named so, in package {@code lombok} or in none
     * that resolved (a wildcard import), and not declared in the sources.
     */
    static boolean isLombokType(CtTypeReference<?> type) {
        if (type == null || !NAMES.contains(type.getSimpleName())) {
            return false;
        }
        String name = type.getQualifiedName();
        if (!name.equals("lombok." + type.getSimpleName()) && !name.equals(type.getSimpleName())) {
            return false;
        }
        CtType<?> declaration = HalfResolved.typeDeclaration(type);
        return declaration == null || declaration.isShadow();
    }

    /**
     * The type a Lombok local holds: its initializer's own type where JDT bound it ({@code new Socket()}, a field
     * read); for a call JDT could not bind because its receiver is itself such a local
     * ({@code val st = conn.prepareStatement(sql)}), the return type the receiver's class declares for the one
     * name and arity, when all its overloads of that arity agree; else the type a known library factory returns
     * ({@code val cli = jedisPool.getResource()}, {@link LibraryFactories}); {@code null} otherwise.
     */
    static CtTypeReference<?> initializerType(CtLocalVariable<?> variable) {
        CtExpression<?> initializer = variable.getDefaultExpression();
        if (initializer == null) {
            return null;
        }
        CtTypeReference<?> type = initializer.getType();
        if (known(type)) {
            return type;
        }
        if (!(initializer instanceof CtInvocation<?> call)) {
            return null;
        }
        CtTypeReference<?> declared = declaredReturnType(call);
        return declared != null ? declared : LibraryFactories.typeOf(call);
    }

    private static CtTypeReference<?> declaredReturnType(CtInvocation<?> call) {
        if (call.getTarget() == null || call.getTarget().isImplicit()) {
            return null;
        }
        CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
        CtType<?> declaration = receiver == null || !known(receiver) ? null : HalfResolved.typeDeclaration(receiver);
        if (declaration == null) {
            return null;
        }
        String name = call.getExecutable().getSimpleName();
        int arity = call.getArguments().size();
        List<CtTypeReference<?>> returned = HalfResolved.lookup(() -> declaration.getAllMethods().stream()
                .filter(method -> method.getSimpleName().equals(name) && method.getParameters().size() == arity)
                .<CtTypeReference<?>>map(CtMethod::getType).toList(), List.of());
        if (returned.isEmpty() || returned.stream().map(CtTypeReference::getQualifiedName).distinct().count() != 1) {
            return null;
        }
        CtTypeReference<?> type = returned.get(0);
        // a generic method's T says nothing without the call's type arguments
        return type instanceof CtTypeParameterReference || !known(type) ? null : type;
    }

    private static boolean known(CtTypeReference<?> type) {
        return type != null && !VarTypes.isUnknown(type)
                && !type.getQualifiedName().equals("void");
    }
}
