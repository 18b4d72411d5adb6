package org.fjdoctor.analyzer.rules.scattereddata;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtWildcardReference;

/**
 * What a fork loop builds for the subtask itself rather than data for it: the small argument object a
 * subtask or its factory takes ({@code new WebPage(child, site)} handed to {@code new Crawl(page)}), the subtasks held in a
 * container ({@code Optional<Task>}, {@code List<Task>}), and code on a branch that skips the fork.
 */
final class ArgumentObjects {

    private ArgumentObjects() {
    }

    /**
     * Whether {@code made} builds a project value object from plain values (no array, collection, map or
     * object of its own type among its arguments, so it copies nothing) that goes only into the subtasks
     * built in {@code loop}: directly as an argument, or through a local read only there.
     */
    static boolean buildsArgument(ForkJoinModel model, CtConstructorCall<?> made, CtLoop loop) {
        CtTypeReference<?> type = made.getType();
        if (loop == null || type == null || type instanceof CtArrayTypeReference<?> || type.getDeclaration() == null
                || model.types().isForkJoinTask(type) || isContainer(model, type)) {
            return false;
        }
        for (CtExpression<?> argument : made.getArguments()) {
            CtTypeReference<?> given = typeOf(argument);
            if (given == null || given instanceof CtArrayTypeReference<?> || isContainer(model, given)
                    || given.getQualifiedName().equals(type.getQualifiedName())) {
                return false;
            }
        }
        if (buildsTask(model, made.getParent())) {
            return true;
        }
        if (!(made.getParent() instanceof CtLocalVariable<?> local) || local.getDefaultExpression() != made) {
            return false;
        }
        boolean read = false;
        for (CtVariableRead<?> use : CodeScan.elementsIn(loop.getBody(), CtVariableRead.class)) {
            if (use.getVariable() != null && use.getVariable().getDeclaration() == local) {
                if (!buildsTask(model, use.getParent())) {
                    return false;
                }
                read = true;
            }
        }
        return read;
    }

    /** The argument's type, also where it is got through a getter Lombok generates (no declaration to type it). */
    private static CtTypeReference<?> typeOf(CtExpression<?> argument) {
        if (argument.getType() == null && argument instanceof CtInvocation<?> call && call.getExecutable() != null) {
            CtField<?> field = LombokAccessors.fieldOf(call);
            return field == null ? null : field.getType();
        }
        return argument.getType();
    }

    /** {@code new Task(..)}, or a factory that returns one ({@code Task.create(..)}, an {@code Optional<Task>}). */
    private static boolean buildsTask(ForkJoinModel model, CtElement parent) {
        return parent instanceof CtConstructorCall<?> task && model.api().isTaskConstruction(task)
                || parent instanceof CtInvocation<?> factory && holdsTasks(model, factory.getType());
    }

    /** Whether {@code type} is a task or holds tasks as a type argument ({@code Optional<? extends Task>}). */
    static boolean holdsTasks(ForkJoinModel model, CtTypeReference<?> type) {
        if (type == null) {
            return false;
        }
        if (model.types().isForkJoinTask(type)) {
            return true;
        }
        for (CtTypeReference<?> argument : type.getActualTypeArguments()) {
            CtTypeReference<?> held = argument instanceof CtWildcardReference wildcard ? wildcard.getBoundingType() : argument;
            if (held != null && model.types().isForkJoinTask(held)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code element} sits on the branch of an {@code if} in the loop whose other branch forks
     * ({@code if (made.isPresent()) {..fork..} else LOG.error(..)}): it does not run for the subtask forked.
     */
    static boolean besideTheFork(CtElement element, CtElement fork, CtLoop loop) {
        if (fork == null) {
            return false;
        }
        for (CtIf branch = element.getParent(CtIf.class); branch != null && branch.hasParent(loop);
             branch = branch.getParent(CtIf.class)) {
            CtStatement then = branch.getThenStatement();
            CtStatement otherwise = branch.getElseStatement();
            if (otherwise != null && inside(element, otherwise) && inside(fork, then)
                    || then != null && inside(element, then) && inside(fork, otherwise)) {
                return true;
            }
        }
        return false;
    }

    private static boolean inside(CtElement element, CtStatement statement) {
        return statement != null && (element == statement || element.hasParent(statement));
    }

    private static boolean isContainer(ForkJoinModel model, CtTypeReference<?> type) {
        return model.types().isSubtypeOf(type, "java.util.Collection") || model.types().isSubtypeOf(type, "java.util.Map");
    }
}
