package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtShadowable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A project method that keeps the function it is given for another thread, as a scheduler object does
 * ({@code Scheduler.run(task)} storing {@code task} through its constructor, and {@code repeated(..)} running
 * {@code task.run()} in a lambda given to a {@code ScheduledExecutorService}): the call only stores the function,
 * so a lambda passed there does not run when the calling method runs. Typed and local: every use of the parameter
 * in the callee is a store into a private field of its class (or an argument of another such keeping call), and
 * every read of that field in the class is inside a lambda handed to another thread ({@link HandedOff}). Where the
 * field is run on the caller's thread ({@code now() { task.run(); }}) or may be read outside the class (a
 * non-private field, a Lombok getter), the lambda stays part of the calling method. Where a kept function does run
 * in task code, the call that runs the field reaches it, as any function held in a field ({@link FunctionFlow}).
 */
final class KeptForAnotherThread {

    /** Project methods followed from the call to the store: {@code run(task)} into {@code new Scheduler(task)}. */
    private static final int MAX_DEPTH = 3;

    private KeptForAnotherThread() {
    }

    /** Whether the project method {@code call} calls keeps its argument number {@code index} for another thread. */
    static boolean keeps(CtAbstractInvocation<?> call, int index, int depth) {
        if (index < 0 || depth >= MAX_DEPTH || call.getExecutable() == null
                || call.getExecutable().getDeclaringType() == null
                || LibraryBoundary.isLibrary(call.getExecutable().getDeclaringType())) {
            return false;
        }
        CtExecutable<?> callee = call.getExecutable().getExecutableDeclaration();
        if (callee == null || callee instanceof CtShadowable shadowable && shadowable.isShadow() || callee.getBody() == null) {
            return false;
        }
        List<CtParameter<?>> parameters = callee.getParameters();
        if (index >= parameters.size() || parameters.get(index).isVarArgs()) {
            return false;
        }
        CtParameter<?> parameter = parameters.get(index);
        List<CtVariableRead<?>> uses = new ArrayList<>();
        for (CtVariableRead<?> read : callee.getBody().getElements(new TypeFilter<CtVariableRead<?>>(CtVariableRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == parameter) {
                uses.add(read);
            }
        }
        return !uses.isEmpty() && uses.stream().allMatch(use -> keptThere(use, depth));
    }

    /** A use of the parameter: stored in a field only run off this thread, or passed to another keeping call. */
    private static boolean keptThere(CtVariableRead<?> use, int depth) {
        if (!use.isParentInitialized()) {
            return false;
        }
        CtElement parent = use.getParent();
        if (parent instanceof CtAssignment<?, ?> assignment && assignment.getAssignment() == use
                && assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable() != null) {
            return runOnlyOffThisThread(write.getVariable().getFieldDeclaration(), depth);
        }
        return parent instanceof CtAbstractInvocation<?> call
                && keeps(call, CodeScan.identityIndex(call.getArguments(), use), depth + 1);
    }

    /** A private field, without a generated getter, whose every read in its class is in a lambda handed off. */
    private static boolean runOnlyOffThisThread(CtField<?> field, int depth) {
        if (field == null || !field.hasModifier(ModifierKind.PRIVATE) || field.getDeclaringType() == null
                || LombokAccessors.generatesGetters(field) || LombokAccessors.generatesGetters(field.getDeclaringType())) {
            return false;
        }
        CtType<?> outer = field.getDeclaringType().getTopLevelType();
        for (CtFieldRead<?> read : outer.getElements(new TypeFilter<>(CtFieldRead.class))) {
            if (read.getVariable() != null && read.getVariable().getFieldDeclaration() == field
                    && !inLambdaHandedOff(read, depth)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a lambda around {@code read}, inside its method, is handed to another thread. */
    private static boolean inLambdaHandedOff(CtElement read, int depth) {
        for (CtElement e = read; e != null && e.isParentInitialized(); e = e.getParent()) {
            if (e instanceof CtLambda<?> lambda) {
                if (HandedOff.toAnotherThread(lambda, depth + 1)) {
                    return true;
                }
            } else if (e instanceof CtExecutable<?> || e instanceof CtType<?>) {
                return false;
            }
        }
        return false;
    }
}
