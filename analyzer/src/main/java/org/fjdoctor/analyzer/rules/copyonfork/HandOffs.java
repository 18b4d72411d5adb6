package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Where task code hands a value to a subtask: an argument of {@code new Sub(..)}; an argument of a
 * source factory or helper that passes that parameter straight to {@code new Sub(..)}
 * ({@code RecursiveOp.multiply(a0, b0)}, {@code addTask(files.subList(..))}); a local variable an
 * anonymous task class reads ({@code for (List<T> part : Lists.partition(..)) new RecursiveAction() {
 * .. part .. }}), or a parameter of an enclosing function it reads.
 */
final class HandOffs {

    /** A value handed to a subtask, at {@code site} (the construction or the factory call). */
    record HandOff(CtExpression<?> value, CtElement site, String subtask) {
    }

    private HandOffs() {
    }

    static List<HandOff> in(ForkJoinModel model) {
        List<HandOff> out = new ArrayList<>();
        for (CtConstructorCall<?> construction : model.taskCodeElements(CtConstructorCall.class)) {
            if (!model.api().isTaskConstruction(construction)) {
                continue;
            }
            String subtask = construction.getType().getSimpleName();
            for (CtExpression<?> argument : construction.getArguments()) {
                out.add(new HandOff(argument, construction, subtask));
            }
            if (construction instanceof CtNewClass<?> anonymous && anonymous.getAnonymousClass() != null) {
                for (CtVariableRead<?> read : anonymous.getAnonymousClass().getElements(new TypeFilter<>(CtVariableRead.class))) {
                    // A local of the enclosing method, captured: the subtask's input, like a constructor argument.
                    // A parameter of an enclosing function too: `apply(part) { return new RecursiveAction() {.. part ..}; }`.
                    CtElement declaration = read.getVariable() instanceof CtLocalVariableReference<?> local
                            ? local.getDeclaration()
                            : read.getVariable() instanceof CtParameterReference<?> parameter ? parameter.getDeclaration() : null;
                    if (declaration != null && !declaration.hasParent(anonymous)) {
                        out.add(new HandOff(read, construction, "anonymous " + subtask));
                    }
                }
            }
        }
        for (CtInvocation<?> call : model.taskCodeElements(CtInvocation.class)) {
            for (CtExecutable<?> factory : model.callTargets(call)) {
                if (factory.getParameters().size() == call.getArguments().size()) {
                    factoryHandOffs(model, call, factory, out);
                }
            }
        }
        return out;
    }

    /** The arguments of {@code call} that {@code factory} passes straight to a {@code new Sub(..)}. */
    private static void factoryHandOffs(ForkJoinModel model, CtInvocation<?> call, CtExecutable<?> factory,
                                        List<HandOff> out) {
        List<CtParameter<?>> parameters = factory.getParameters();
        for (CtConstructorCall<?> construction : CodeScan.elementsIn(factory, CtConstructorCall.class)) {
            if (!model.api().isTaskConstruction(construction)) {
                continue;
            }
            for (CtExpression<?> argument : construction.getArguments()) {
                if (argument instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?> p) {
                    int index = parameters.indexOf(p.getDeclaration());
                    if (index >= 0 && !parameters.get(index).isVarArgs()) {
                        out.add(new HandOff(call.getArguments().get(index), call,
                                construction.getType().getSimpleName() + " (through " + ForkJoinModel.label(factory) + ")"));
                    }
                }
            }
        }
    }
}
