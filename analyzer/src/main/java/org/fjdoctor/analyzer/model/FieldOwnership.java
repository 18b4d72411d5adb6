package org.fjdoctor.analyzer.model;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;

/**
 * Whether the object an instance field holds belongs to one holder: a new object that each holder creates for
 * itself and never hands out, or, for a task, a new object (or one loop element) that every creation of the
 * task passes to the constructor parameter the field is set from. Part of {@link LockSharing}'s judgement of a
 * lock read from a field.
 */
final class FieldOwnership {

    private final ForkJoinModel model;
    private final ModelElements elements;
    private final LockIndex index;

    FieldOwnership(ForkJoinModel model, ModelElements elements, LockIndex index) {
        this.model = model;
        this.elements = elements;
        this.index = index;
    }

    /**
     * Whether every creation of the task class that declares {@code field} passes, for the constructor parameter
     * the field is set from, a new object or the element variable of a for-each loop around the creation (a
     * subtask per element): no two tasks are given the same object. A creation through another constructor, or
     * none in the model, does not qualify.
     */
    boolean eachGivenItsOwn(CtField<?> field) {
        CtParameter<?> parameter = parameterSetting(field);
        CtExecutable<?> constructor = parameter == null ? null : parameter.getParent(CtExecutable.class);
        int index = constructor == null ? -1 : constructor.getParameters().indexOf(parameter);
        boolean created = false;
        for (CtConstructorCall<?> site : elements.constructorCalls) {
            if (site.getType() == null || !field.getDeclaringType().getQualifiedName().equals(site.getType().getQualifiedName())) {
                continue;
            }
            if (index < 0 || model.sourceDeclaration(site.getExecutable()) != constructor
                    || index >= site.getArguments().size() || !ownPerCreation(site.getArguments().get(index), site)) {
                return false;
            }
            created = true;
        }
        return created;
    }

    /** A new object, or the variable of a for-each loop that encloses {@code site} in the same method. */
    private static boolean ownPerCreation(CtExpression<?> argument, CtConstructorCall<?> site) {
        if (VariableEscapes.isNew(argument)) {
            return true;
        }
        if (!(argument instanceof CtVariableRead<?> read) || read.getVariable() == null
                || !(read.getVariable().getDeclaration() instanceof CtLocalVariable<?> element)
                || !(element.getParent() instanceof CtForEach loop) || loop.getVariable() != element) {
            return false;
        }
        for (CtElement e = site.getParent(); e != null && !(e instanceof CtExecutable<?>); e = e.getParent()) {
            if (e == loop.getBody()) {
                return CodeScan.elementsIn(loop.getBody(), CtVariableWrite.class).stream()
                        .noneMatch(write -> element.getReference().equals(write.getVariable()));
            }
        }
        return false;
    }

    /** The constructor parameter a field is assigned from ({@code this.lock = lock}), or {@code null}. */
    static String setFromParameter(CtField<?> field) {
        CtParameter<?> parameter = parameterSetting(field);
        return parameter == null ? null : parameter.getSimpleName();
    }

    private static CtParameter<?> parameterSetting(CtField<?> field) {
        CtType<?> type = field.getDeclaringType();
        if (!(type instanceof CtClass<?> cls)) {
            return null;
        }
        for (var constructor : cls.getConstructors()) {
            for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(constructor, CtAssignment.class)) {
                if (assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable() != null
                        && field.getSimpleName().equals(write.getVariable().getSimpleName())
                        && assignment.getAssignment() instanceof CtVariableRead<?> value && value.getVariable() != null
                        && value.getVariable().getDeclaration() instanceof CtParameter<?> parameter) {
                    return parameter;
                }
            }
        }
        return null;
    }

    /**
     * A field that every write sets to a new object and only its own instance uses: read on {@code this} inside
     * the class {@code owner} (anywhere when {@code owner} is {@code null}), and only to call, lock or read through
     * it, never handed on.
     */
    boolean privateField(CtField<?> field, CtType<?> owner) {
        if (field.getDefaultExpression() != null && !VariableEscapes.isNew(field.getDefaultExpression())) {
            return false;
        }
        boolean written = field.getDefaultExpression() != null;
        for (CtFieldAccess<?> access : index.accesses(field)) {
            if (access instanceof CtFieldWrite<?> write) {
                if (!(write.getParent() instanceof CtAssignment<?, ?> assignment) || assignment.getAssigned() != write
                        || !VariableEscapes.isNew(assignment.getAssignment())) {
                    return false;
                }
                written = true;
            } else {
                CtType<?> where = access.getParent(CtType.class);
                boolean onThis = access.getTarget() == null || access.getTarget() instanceof CtThisAccess<?>;
                if (owner != null && (!onThis || where != owner) || VariableEscapes.handsOn(access)) {
                    return false;
                }
            }
        }
        return written;
    }
}
