package org.fjdoctor.refactorings.managedblock;

import org.fjdoctor.refactorings.imports.TypeNames;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtCase;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtSwitchExpression;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.code.CtYieldStatement;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.cu.position.DeclarationSourcePosition;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;

/**
 * The statement a blocking call stands in. Either the call is the statement, or its value goes
 * straight into a local ({@code T v = call;}, {@code v = call;}), out of the method
 * ({@code return call;}) or into a for-each loop ({@code for (var f : executor.invokeAll(tasks))}): then
 * the blocker keeps the value in a field of the declared type (written out from the call's type for
 * {@code var} and the loop) and the statement, after the managed block, takes it from there
 * ({@code valueType} and {@code before} are set). In each shape nothing else is evaluated before the
 * call, so running it first changes no order.
 *
 * @param before the statement's text up to the call ({@code "final T v = "}, {@code "return "})
 * @param continues whether the statement goes on after the call (a loop's header and body), so only its
 *                  text up to the call's end is replaced
 */
record BlockingStatement(CtStatement statement, String valueType, String before, boolean continues, String problem) {

    static BlockingStatement of(CtInvocation<?> call, String text) {
        if (!call.getTypeCasts().isEmpty()) {
            return problem("the call's value is cast");
        }
        CtElement parent = call.getParent();
        if (parent instanceof CtBlock<?> || isCaseStatement(call)) {
            return inBlock(call, null, null, false);
        }
        if (parent instanceof CtLambda<?>) {
            return problem("the call is the expression body of a lambda, not a statement in a block");
        }
        String type = null;
        CtStatement statement = null;
        boolean continues = false;
        if (parent instanceof CtLocalVariable<?> local && local.getDefaultExpression() == call) {
            type = local.isInferred() ? TypeNames.written(call, local.getType()) : declaredType(local, text);
            statement = local;
        } else if (parent instanceof CtForEach loop && loop.getExpression() == call) {
            type = TypeNames.written(call, call.getType());
            statement = loop;
            continues = true;
        } else if (parent instanceof CtReturn<?> returned) {
            type = returned.getParent(CtExecutable.class) instanceof CtMethod<?> method ? typeText(method.getType(), text) : null;
            statement = returned;
        } else if (parent instanceof CtAssignment<?, ?> assignment && !(assignment instanceof CtOperatorAssignment<?, ?>)
                && assignment.getAssignment() == call && assignment.getAssigned() instanceof CtVariableWrite<?> write
                && write.getVariable().getDeclaration() instanceof CtLocalVariable<?> local) {
            type = declaredType(local, text);
            statement = assignment;
        }
        if (statement == null) {
            return problem("the call's value is used inside a larger expression");
        }
        if (type == null) {
            return problem("the type of the value cannot be written out here (a lambda's return, or a type"
                    + " variable, local class or inaccessible class in the call's type)");
        }
        String before = text.substring(statement.getPosition().getSourceStart(), call.getPosition().getSourceStart());
        return inBlock(statement, type, before, continues);
    }

    /**
     * A call that is the statement becomes one {@code managedBlock(..)} statement, which may stand as the body of
     * an if or loop without braces or in a case; a held value needs statements before the one that uses it, so a
     * block of its own.
     */
    private static BlockingStatement inBlock(CtStatement statement, String valueType, String before, boolean continues) {
        if (statement.getLabel() != null) {
            return problem("the statement is labelled");
        }
        boolean alone = valueType == null;
        if (!(statement.getParent() instanceof CtBlock<?> block && (alone || !block.isImplicit())
                || alone && isCaseStatement(statement))) {
            return problem("the statement is not one of its own in a block (it is the body of an if or loop"
                    + " without braces), and the holder of its value must come before it");
        }
        return new BlockingStatement(statement, valueType, before, continues, null);
    }

    /**
     * A statement of a case ({@code case 1: park();}), or the body of an arrow case of a switch statement
     * ({@code case 1 -> park();}, an implicit yield whose value nothing takes).
     */
    private static boolean isCaseStatement(CtStatement statement) {
        CtElement parent = statement.getParent();
        return parent instanceof CtCase<?> branch && branch.getStatements().stream().anyMatch(s -> s == statement)
                || parent instanceof CtYieldStatement yield && yield.isImplicit() && yield.getParent() instanceof CtCase<?> arrow
                && !(arrow.getParent() instanceof CtSwitchExpression<?, ?>);
    }

    private static BlockingStatement problem(String why) {
        return new BlockingStatement(null, null, null, false, why);
    }

    /** The local's type as written, when nothing but blanks separates its name from what follows ({@code int a[]} is refused). */
    private static String declaredType(CtLocalVariable<?> variable, String text) {
        if (variable.isInferred() || !(variable.getPosition() instanceof DeclarationSourcePosition position)) {
            return null;
        }
        int after = position.getNameEnd() + 1;
        while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
            after++;
        }
        return after < text.length() && "=;,:".indexOf(text.charAt(after)) >= 0 ? typeText(variable.getType(), text) : null;
    }

    private static String typeText(CtTypeReference<?> type, String text) {
        if (type == null || type.isImplicit()) {
            return null;
        }
        SourcePosition position = type.getPosition();
        return position.isValidPosition() ? text.substring(position.getSourceStart(), position.getSourceEnd() + 1) : null;
    }
}
