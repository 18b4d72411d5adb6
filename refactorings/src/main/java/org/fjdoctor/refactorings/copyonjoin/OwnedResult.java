package org.fjdoctor.refactorings.copyonjoin;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.ValueOrigins;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtTypeReference;

/**
 * Whether the container a join (or a direct compute()) returns belongs to the joining task alone, so the
 * parent may append to it instead of copying it: the subtask is a local {@code new S(..)} that is only
 * forked and joined once (or computed once), and
 * every return of S's compute() yields a container freshly created there as {@code new C(..)}, kept in a
 * local that is only called on and returned. Returns of the merge being rewritten are such locals too (by
 * induction over the recursion, the rewritten merge returns the left subtask's own fresh container).
 */
final class OwnedResult {

    /** The calls that give a subtask's result: the joined or directly computed one. */
    private static final Set<String> RESULTS = Set.of("join", "invoke", "compute");
    /**
     * Containers whose order is their insertion order or their elements' natural order when created without
     * a comparator or access order: an owned one created that way iterates like a copy made that way.
     */
    static final Set<String> ORDERED = Set.of("java.util.LinkedHashMap", "java.util.LinkedHashSet",
            "java.util.TreeMap", "java.util.TreeSet");

    private OwnedResult() {
    }

    /** Reasons the joined result may be shared; none when it is proven owned. */
    static List<String> concerns(CtExpression<?> joined, String containerClass, ForkJoinModel model) {
        List<String> concerns = new ArrayList<>();
        if (!(joined instanceof CtInvocation<?> join) || !RESULTS.contains(join.getExecutable().getSimpleName())
                || !join.getArguments().isEmpty()
                || !(join.getTarget() instanceof CtVariableRead<?> read)
                || !(read.getVariable().getDeclaration() instanceof CtLocalVariable<?> task)) {
            concerns.add("the copied result is not the join(), invoke() or compute() of a local subtask, so it may"
                    + " be shared");
            return concerns;
        }
        if (!(task.getDefaultExpression() instanceof CtConstructorCall<?> creation)
                || !(HalfResolved.typeDeclaration(creation.getType()) instanceof CtClass<?> taskClass)
                || taskClass.isShadow()) {
            concerns.add("'" + task.getSimpleName() + "' is not created here as a task of a source class");
            return concerns;
        }
        CtExecutable<?> scope = task.getParent(CtExecutable.class);
        for (CtVariableAccess<?> use : uses(scope, task)) {
            if (!(use.getParent() instanceof CtInvocation<?> call && call.getTarget() == use
                    && (call == join || call.getExecutable().getSimpleName().equals("fork")))) {
                concerns.add("'" + task.getSimpleName() + "' is used for more than one fork and one join, so its"
                        + " result may be read again after the merge changed it");
                return concerns;
            }
        }
        CtMethod<?> compute = computeOf(taskClass);
        if (compute == null) {
            concerns.add("the compute() of " + taskClass.getSimpleName() + " is not in the sources");
            return concerns;
        }
        for (CtReturn<?> ret : CodeScan.elementsIn(compute.getBody(), CtReturn.class)) {
            if (ret.getParent(CtExecutable.class) != compute) {
                continue; // a return of a lambda inside compute()
            }
            String problem = freshness(ret.getReturnedExpression(), containerClass);
            if (problem != null) {
                concerns.add(taskClass.getSimpleName() + ".compute() " + problem);
                return concerns;
            }
        }
        return concerns;
    }

    /** Why a returned value may not be a fresh, unshared {@code containerClass}, or null. */
    private static String freshness(CtExpression<?> returned, String containerClass) {
        if (returned == null) {
            return "has a return without a value";
        }
        for (ValueOrigins.Origin origin : ValueOrigins.of(returned)) {
            if (!(origin.expression() instanceof CtConstructorCall<?> created)
                    || !containerClass.equals(created.getType().getQualifiedName())) {
                return "may return something other than a new " + simple(containerClass) + " ("
                        + origin.expression() + ")";
            }
            if (ORDERED.contains(containerClass) && !plainlyOrdered(created)) {
                return "creates its " + simple(containerClass) + " with a comparator, access order or initial"
                        + " contents (" + created + "), so it may iterate in another order than the merge's own";
            }
        }
        if (returned instanceof CtVariableRead<?> read
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local) {
            for (CtVariableAccess<?> use : uses(local.getParent(CtExecutable.class), local)) {
                boolean calledOn = use.getParent() instanceof CtInvocation<?> call && call.getTarget() == use;
                if (!calledOn && !(use.getParent() instanceof CtReturn<?>)) {
                    return "lets '" + local.getSimpleName() + "' escape before returning it";
                }
            }
        } else if (!(returned instanceof CtConstructorCall<?>)) {
            return "returns a container that may be shared";
        }
        return null;
    }

    /**
     * Whether {@code created} orders like a {@code new C<>()} of its class: no arguments, or for a linked
     * container only an initial capacity (a tree container's argument may be a comparator).
     */
    static boolean plainlyOrdered(CtConstructorCall<?> created) {
        List<CtExpression<?>> arguments = created.getArguments();
        return arguments.isEmpty() || arguments.size() == 1 && created.getType().getQualifiedName().contains("Linked")
                && arguments.get(0).getType() != null && arguments.get(0).getType().unbox().getSimpleName().equals("int");
    }

    /** The compute() that {@code new S(..)} runs: S's own, or the nearest source superclass's. */
    private static CtMethod<?> computeOf(CtClass<?> taskClass) {
        for (CtType<?> type = taskClass; type != null && !type.isShadow(); ) {
            for (CtMethod<?> method : type.getMethodsByName("compute")) {
                if (method.getParameters().isEmpty() && method.getBody() != null) {
                    return method;
                }
            }
            CtTypeReference<?> superclass = type.getSuperclass();
            type = superclass == null ? null : HalfResolved.typeDeclaration(superclass);
        }
        return null;
    }

    static List<CtVariableAccess<?>> uses(CtElement root, CtVariable<?> variable) {
        if (root == null) {
            return List.of();
        }
        return CodeScan.elementsIn(root, CtVariableAccess.class).stream()
                .filter(access -> access.getVariable() != null && access.getVariable().getDeclaration() == variable)
                .<CtVariableAccess<?>>map(access -> access).toList();
    }

    static String simple(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
