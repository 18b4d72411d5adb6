package org.fjdoctor.refactorings.managedblock;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtOperatorAssignment;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.cu.position.DeclarationSourcePosition;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;

/**
 * The statement a blocking call stands in. Either the call is the statement, or its value goes
 * straight into a local ({@code T v = call;}, {@code v = call;}) or out of the method
 * ({@code return call;}): then the blocker keeps the value in a field of the declared type and the
 * statement, after the managed block, takes it from there ({@code valueType} and {@code before} are set).
 * In each shape nothing else is evaluated before the call, so running it first changes no order.
 *
 * @param before the statement's text up to the call ({@code "final T v = "}, {@code "return "})
 */
record BlockingStatement(CtStatement statement, String valueType, String before, String problem) {

    static BlockingStatement of(CtInvocation<?> call, String text) {
        if (!call.getTypeCasts().isEmpty()) {
            return problem("the call's value is cast");
        }
        CtElement parent = call.getParent();
        if (parent instanceof CtBlock<?>) {
            return inBlock(call, null, null);
        }
        String type = null;
        CtStatement statement = null;
        if (parent instanceof CtLocalVariable<?> local && local.getDefaultExpression() == call) {
            type = declaredType(local, text);
            statement = local;
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
            return problem("the type of the value is not written out (var, or a lambda's return)");
        }
        String before = text.substring(statement.getPosition().getSourceStart(), call.getPosition().getSourceStart());
        return inBlock(statement, type, before);
    }

    private static BlockingStatement inBlock(CtStatement statement, String valueType, String before) {
        if (!(statement.getParent() instanceof CtBlock<?> block) || block.isImplicit() || statement.getLabel() != null) {
            return problem("the statement is not one of its own in a block (it is the body of an if or loop"
                    + " without braces, or labelled)");
        }
        return new BlockingStatement(statement, valueType, before, null);
    }

    private static BlockingStatement problem(String why) {
        return new BlockingStatement(null, null, null, why);
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
