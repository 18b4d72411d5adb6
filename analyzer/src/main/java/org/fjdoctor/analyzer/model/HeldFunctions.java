package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.reference.CtTypeReference;

/**
 * The lambdas and method references of each functional interface in the model, and which of them (or which
 * objects) a task holds: handed to a task's constructor, kept in a task's field. {@link Dispatch} sends a call
 * of an interface's method to these when its receiver cannot be traced.
 */
final class HeldFunctions {

    private final JavaTypes types;
    private final Map<String, List<CtExecutable<?>>> functionsByInterface = new HashMap<>();
    /** Lambdas handed to a task or stored in a task's field: they run when task code calls them. */
    private final Set<CtExecutable<?>> taskHeldFunctions = Collections.newSetFromMap(new IdentityHashMap<>());

    /** For each interface, the file of each of its functions and whether a task holds it ({@link #summary}). */
    private final Map<String, List<String>> summary = new TreeMap<>();

    HeldFunctions(ModelElements model, JavaTypes types, Declarations declarations) {
        this.types = types;
        for (CtExpression<?> function : functionalExpressions(model)) {
            CtExecutable<?> body = declarations.functionBody(function, null, -1);
            if (body == null || function.getType() == null) {
                continue;
            }
            String type = function.getType().getQualifiedName();
            functionsByInterface.computeIfAbsent(type, k -> new ArrayList<>()).add(body);
            boolean held = heldByTask(function);
            if (held) {
                taskHeldFunctions.add(body);
            }
            summary.computeIfAbsent(type, k -> new ArrayList<>()).add(fileOf(function) + (held ? " held" : ""));
        }
        summary.values().forEach(Collections::sort);
    }

    /**
     * Which functions each interface has, by the file they are written in and whether a task holds them: what
     * {@link #functions} answers from, but for the functions' identities (which change with their unit's edits).
     */
    Map<String, List<String>> summary() {
        return Collections.unmodifiableMap(summary);
    }

    private static String fileOf(CtElement element) {
        return element.getPosition().isValidPosition() && element.getPosition().getFile() != null
                ? element.getPosition().getFile().getPath() : "";
    }

    /**
     * Lambdas and method references of the receiver's (functional interface) type: those a task holds
     * always; for an interface of the user's own, also all others when there are few enough that the
     * call is not a generic callback. Behind a library interface ({@code Runnable}, {@code Function})
     * a program has lambdas for every purpose, so only the task's own count ({@code usersType}: the
     * receiver's type is the project's own).
     */
    List<CtExecutable<?>> functions(CtTypeReference<?> receiver, boolean usersType) {
        if (receiver == null) {
            return List.of();
        }
        List<CtExecutable<?>> all = functionsByInterface.getOrDefault(receiver.getQualifiedName(), List.of());
        List<CtExecutable<?>> held = all.stream().filter(taskHeldFunctions::contains).toList();
        if (!held.isEmpty() || !usersType || all.size() > Dispatch.MAX_FAN_OUT) {
            return held;
        }
        return all;
    }

    private static List<CtExpression<?>> functionalExpressions(ModelElements model) {
        List<CtExpression<?>> out = new ArrayList<>(model.lambdas);
        out.addAll(model.methodReferences);
        return out;
    }

    /**
     * An argument of {@code new Task(..)} (directly or through a local), a task field's initializer, or
     * assigned to a task's field.
     */
    boolean heldByTask(CtExpression<?> function) {
        if (!function.isParentInitialized()) {
            return false;
        }
        CtElement parent = function.getParent();
        if (parent instanceof CtConstructorCall<?> construction
                && construction.getArguments().stream().anyMatch(argument -> argument == function)) {
            return types.isForkJoinTask(construction.getType());
        }
        if (parent instanceof CtLocalVariable<?> local && local.getDefaultExpression() == function) {
            // IntToLongFunction score = i -> ..; new Task(score, ..): the local's value reaches the task.
            CtExecutable<?> scope = local.getParent(CtExecutable.class);
            return scope != null && CodeScan.elementsIn(scope, CtConstructorCall.class).stream()
                    .filter(construction -> types.isForkJoinTask(construction.getType()))
                    .flatMap(construction -> construction.getArguments().stream())
                    .anyMatch(argument -> argument instanceof CtVariableRead<?> read
                            && read.getVariable().getSimpleName().equals(local.getSimpleName()));
        }
        if (parent instanceof CtField<?> field && field.getDefaultExpression() == function) {
            return field.getDeclaringType() instanceof CtClass<?> owner && types.isForkJoinTask(owner.getReference());
        }
        if (parent instanceof CtAssignment<?, ?> assignment && assignment.getAssignment() == function
                && assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable().getDeclaringType() != null) {
            return types.isForkJoinTask(write.getVariable().getDeclaringType());
        }
        return false;
    }
}
