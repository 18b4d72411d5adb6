package org.fjdoctor.analyzer.model;

import java.util.List;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Subtasks that one helper forks into a collection parameter and the next helper of the same class joins, both
 * called in sequence by the task ({@code forkAll(subtasks); return joinAll(subtasks);}): the two helpers' loops are
 * one fork loop and one join loop over the same collection, split over two methods.
 *
 * @param forkCall   the caller's statement that calls the forking helper
 * @param joinCall   the caller's later statement, in the same block, that calls the joining helper
 * @param joinHelper the source method {@code joinCall} calls
 * @param joined     its parameter that receives the same collection
 */
public record TaskHandOff(CtStatement forkCall, CtStatement joinCall, CtExecutable<?> joinHelper,
                          CtParameter<?> joined) {

    /**
     * The hand-off of {@code tasks}, a parameter of the method around {@code forkLoop}, to the next helper its
     * caller gives the same local; {@code null} when the method is not task code, is called otherwise, or no
     * later statement of the caller's block hands that local to another source method of the same class.
     */
    public static TaskHandOff of(ForkJoinModel model, CtElement forkLoop, CtParameter<?> tasks) {
        CtExecutable<?> forker = forkLoop.getParent(CtExecutable.class);
        Reach reach = model.reachOf(forkLoop);
        int index = forker == null ? -1 : forker.getParameters().indexOf(tasks);
        if (reach == null || reach.executable() != forker || reach.caller() == null || index < 0
                || !(reach.callSite() instanceof CtInvocation<?> call) || call.getArguments().size() <= index
                || !(call.getArguments().get(index) instanceof CtVariableRead<?> read)
                || !(read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local)) {
            return null;
        }
        CtStatement statement = statementOf(call);
        if (statement == null || !(statement.getParent() instanceof CtBlock<?> block)) {
            return null;
        }
        List<CtStatement> statements = block.getStatements();
        int at = CodeScan.identityIndex(statements, statement);
        for (int i = at + 1; i < statements.size(); i++) {
            for (CtInvocation<?> later : CodeScan.elementsIn(statements.get(i), CtInvocation.class)) {
                int given = indexOfRead(later.getArguments(), local);
                CtExecutable<?> helper = given < 0 ? null : model.sourceDeclaration(later.getExecutable());
                if (helper != null && helper != forker && helper.getBody() != null
                        && helper.getParent(CtType.class) == forker.getParent(CtType.class)
                        && given < helper.getParameters().size()) {
                    return new TaskHandOff(statement, statements.get(i), helper, helper.getParameters().get(given));
                }
            }
        }
        return null;
    }

    /**
     * A parameter of the method around {@code loop} that holds subtasks (a collection or an array of them) and that
     * the loop body reads, as when it adds each subtask it forks; {@code null} if none.
     */
    public static CtParameter<?> tasksParameter(ForkJoinModel model, CtLoop loop) {
        CtExecutable<?> method = loop.getParent(CtExecutable.class);
        if (method == null || loop.getBody() == null) {
            return null;
        }
        for (CtVariableRead<?> read : CodeScan.elementsIn(loop.getBody(), CtVariableRead.class)) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() instanceof CtParameter<?> parameter
                    && method.getParameters().contains(parameter) && holdsTasks(model, parameter.getType())) {
                return parameter;
            }
        }
        return null;
    }

    /** A subtask type, a container of one, or an array of one. */
    public static boolean holdsTasks(ForkJoinModel model, CtTypeReference<?> type) {
        if (type instanceof CtArrayTypeReference<?> array) {
            type = array.getComponentType();
        }
        return type != null && (model.types().isForkJoinTask(type)
                || type.getActualTypeArguments().stream().anyMatch(model.types()::isForkJoinTask));
    }

    /** The statement that is the call: the call itself, or a local, assignment or return of its value. */
    private static CtStatement statementOf(CtInvocation<?> call) {
        CtElement parent = call.getParent();
        if (parent instanceof CtBlock<?>) {
            return call;
        }
        if (parent instanceof CtLocalVariable<?> || parent instanceof CtAssignment<?, ?> || parent instanceof CtReturn<?>) {
            return (CtStatement) parent;
        }
        return null;
    }

    private static int indexOfRead(List<CtExpression<?>> arguments, CtVariable<?> local) {
        for (int i = 0; i < arguments.size(); i++) {
            if (arguments.get(i) instanceof CtVariableRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaration() == local) {
                return i;
            }
        }
        return -1;
    }
}
