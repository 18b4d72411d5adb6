package org.fjdoctor.analyzer.model;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.ContainerManaged;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;

/**
 * Classes of the project's own whose instances no {@code new} in the sources makes, because a framework makes
 * them: a container creates the classes its annotations name ({@link ContainerManaged}) and holds the results
 * of its factory methods, and a registry creates classes reflectively from the class literals it is given
 * ({@code new Builder("basic", BasicRenderer.class)} and, elsewhere, {@code clazz.getConstructor(..).newInstance(..)}).
 * Rapid type analysis counts them as created; otherwise the one implementation of a service interface, a Spring
 * bean, is never dispatched to.
 */
final class FrameworkCreated {

    private FrameworkCreated() {
    }

    /** The qualified names of the classes a framework creates. */
    static Set<String> in(ModelElements model) {
        Set<String> created = new HashSet<>();
        for (CtType<?> type : model.types) {
            if (type.isClass() && !type.hasModifier(ModifierKind.ABSTRACT) && ContainerManaged.isManagedClass(type)) {
                created.add(type.getQualifiedName());
            }
        }
        for (CtMethod<?> method : model.methods) {
            if (method.getType() != null && ContainerManaged.isFactoryMethod(method)) {
                created.add(method.getType().getQualifiedName());
            }
        }
        if (model.invocations.stream().anyMatch(FrameworkCreated::createsReflectively)) {
            for (List<? extends CtAbstractInvocation<?>> calls : List.of(model.invocations, model.constructorCalls)) {
                for (CtAbstractInvocation<?> call : calls) {
                    if (call.getArguments().stream().allMatch(argument -> classLiteral(argument) == null)
                            || !isSource(call)) {
                        continue; // a logger's or a library's class argument: nothing the project instantiates
                    }
                    call.getArguments().stream().map(FrameworkCreated::classLiteral).filter(name -> name != null)
                            .forEach(created::add);
                }
            }
        }
        return created;
    }

    /** {@code type.newInstance()}, {@code constructor.newInstance(..)}: creates what a class object names. */
    private static boolean createsReflectively(CtInvocation<?> call) {
        return "newInstance".equals(call.getExecutable().getSimpleName()) && call.getTarget() != null
                && !(call.getTarget() instanceof CtTypeAccess<?>);
    }

    private static boolean isSource(CtAbstractInvocation<?> call) {
        CtExecutable<?> declaration = HalfResolved.executableDeclaration(call.getExecutable());
        return declaration != null && declaration.getPosition().isValidPosition();
    }

    /** The class a {@code C.class} argument names, or {@code null}. */
    private static String classLiteral(CtExpression<?> argument) {
        return argument instanceof CtFieldRead<?> read && "class".equals(read.getVariable().getSimpleName())
                && read.getTarget() instanceof CtTypeAccess<?> access && access.getAccessedType() != null
                ? access.getAccessedType().getQualifiedName() : null;
    }
}
