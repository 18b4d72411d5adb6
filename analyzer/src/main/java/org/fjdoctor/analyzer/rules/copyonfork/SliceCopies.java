package org.fjdoctor.analyzer.rules.copyonfork;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.CodeScan;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.rules.copyonfork.SliceCopy.Shape;
import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtArrayWrite;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtVariableReference;

/**
 * Recognizes expressions that copy a slice of an array or list. A bare {@code subList} view (and Guava's or
 * commons-collections' {@code partition}, lists of such views) is no slice here: since JDK 9 a view indexes its
 * root list directly, so it costs one small object per split, like the subtask itself, and copies nothing.
 */
final class SliceCopies {

    record Slice(Shape shape, String description) {
    }

    private static final Set<String> STREAM_TERMINALS = Set.of("collect", "toList", "toArray");

    private final ForkJoinApi api;
    private final JavaTypes types;

    SliceCopies(ForkJoinApi api, JavaTypes types) {
        this.api = api;
        this.types = types;
    }

    /** The slice {@code expression} makes by itself, or {@code null}. */
    Slice sliceOf(CtExpression<?> expression) {
        if (expression instanceof CtInvocation<?> call) {
            return sliceOfCall(call);
        }
        if (expression instanceof CtConstructorCall<?> construction && construction.getArguments().size() == 1
                && types.isSubtypeOf(construction.getType(), "java.util.Collection")
                && construction.getArguments().get(0) instanceof CtInvocation<?> inner && isSubList(inner)) {
            return new Slice(Shape.LIST_SLICE, "new " + construction.getType().getSimpleName() + "<>(..subList(..))");
        }
        return null;
    }

    private static final Set<String> FILLERS = Set.of("add", "offer", "addLast", "addFirst", "push", "put");

    /**
     * A helper that builds its result with its own loop: {@code returned} initializes a local holding a
     * fresh empty collection or a new array, and a loop in {@code helper} stores elements of one of the
     * helper's parameters into it. Returns the storing call or assignment, or {@code null}.
     */
    CtElement loopFillOfFresh(CtExecutable<?> helper, CtExpression<?> returned) {
        boolean fresh = returned instanceof CtNewArray<?> || returned instanceof CtConstructorCall<?> construction
                && isContainer(construction.getType())
                && construction.getArguments().stream().allMatch(a -> a.getType() != null && a.getType().isPrimitive());
        if (!fresh) {
            return null;
        }
        String local = null;
        for (CtLocalVariable<?> variable : CodeScan.elementsIn(helper, CtLocalVariable.class)) {
            if (variable.getDefaultExpression() == returned) {
                local = variable.getSimpleName();
            }
        }
        if (local == null) {
            return null;
        }
        for (CtLoop loop : CodeScan.elementsIn(helper, CtLoop.class)) {
            for (CtInvocation<?> call : CodeScan.elementsIn(loop, CtInvocation.class)) {
                if (FILLERS.contains(call.getExecutable().getSimpleName()) && readsVariable(call.getTarget(), local)
                        && call.getArguments().stream().anyMatch(a -> readsElementOfParameter(a, helper))) {
                    return call;
                }
            }
            for (CtAssignment<?, ?> store : CodeScan.elementsIn(loop, CtAssignment.class)) {
                if (store.getAssigned() instanceof CtArrayWrite<?> write && readsVariable(write.getTarget(), local)
                        && readsElementOfParameter(store.getAssignment(), helper)) {
                    return store;
                }
            }
        }
        return null;
    }

    private static boolean readsVariable(CtExpression<?> expression, String name) {
        return expression instanceof CtVariableRead<?> read && read.getVariable().getSimpleName().equals(name);
    }

    /**
     * Whether the value is an element taken from one of the helper's array or collection parameters
     * ({@code a[i]}, {@code base.poll()}, {@code list.get(i)}), not merely computed from a size.
     */
    private boolean readsElementOfParameter(CtExpression<?> expression, CtExecutable<?> helper) {
        for (CtArrayRead<?> element : CodeScan.elementsIn(expression, CtArrayRead.class)) {
            if (isParameter(element.getTarget(), helper)) {
                return true;
            }
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(expression, CtInvocation.class)) {
            if (isParameter(call.getTarget(), helper)) {
                return true;
            }
        }
        return false;
    }

    /** A read of one of the helper's array, collection or map parameters. */
    private boolean isParameter(CtExpression<?> expression, CtExecutable<?> helper) {
        return expression instanceof CtVariableRead<?> read && read.getVariable() instanceof CtParameterReference<?> p
                && helper.getParameters().contains(p.getDeclaration()) && p.getType() != null
                && (p.getType() instanceof CtArrayTypeReference<?> || types.isSubtypeOf(p.getType(), "java.lang.Iterable")
                || isContainer(p.getType()));
    }

    /** A field read: the task's own input, not data it just fetched or built. */
    static boolean readsTaskInput(CtExpression<?> expression) {
        return expression instanceof spoon.reflect.code.CtFieldRead<?>;
    }

    /** {@code a = Arrays.copyOf(a, n)}: an array grown (or trimmed) in place of itself, not a slice for a subtask. */
    static boolean growsItself(CtExpression<?> value) {
        return value.isParentInitialized() && value.getParent() instanceof CtAssignment<?, ?> assignment
                && assignment.getAssignment() == value && value instanceof CtInvocation<?> call
                && call.getExecutable().getSimpleName().equals("copyOf") && !call.getArguments().isEmpty()
                && call.getArguments().get(0) instanceof CtVariableRead<?> source
                && assignment.getAssigned() instanceof spoon.reflect.code.CtVariableWrite<?> target
                && source.getVariable().getSimpleName().equals(target.getVariable().getSimpleName());
    }

    /** {@code new ArrayList<>(c)}, {@code new HashMap<>(m)}: a collection copied whole from another. */
    boolean isCollectionCopy(CtExpression<?> expression) {
        return expression instanceof CtConstructorCall<?> construction && construction.getArguments().size() == 1
                && isContainer(construction.getType()) && isContainer(construction.getArguments().get(0).getType());
    }

    /** A {@code Collection} or a {@code Map}. */
    private boolean isContainer(CtTypeReference<?> type) {
        return types.isSubtypeOf(type, "java.util.Collection") || types.isSubtypeOf(type, "java.util.Map");
    }

    private Slice sliceOfCall(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        CtTypeReference<?> owner = call.getExecutable().getDeclaringType();
        String ownerName = owner == null ? "" : owner.getQualifiedName();
        if (api.matches(Apis.ARRAYS_COPY, call)) {
            return new Slice(Shape.ARRAY_SLICE, "Arrays." + name);
        }
        if (name.equals("clone") && call.getArguments().isEmpty() && call.getTarget() != null
                && call.getTarget().getType() instanceof CtArrayTypeReference<?>) {
            return new Slice(Shape.ARRAY_SLICE, "clone() of an array");
        }
        if (name.equals("copyOf") && (ownerName.equals("java.util.List") || ownerName.endsWith("ImmutableList"))) {
            return new Slice(Shape.LIST_SLICE,
                    (ownerName.equals("java.util.List") ? "List" : "ImmutableList") + ".copyOf");
        }
        if (STREAM_TERMINALS.contains(name) && isSlicedStream(call.getTarget())) {
            return new Slice(Shape.STREAM, "a sliced stream collected into a new container");
        }
        return null;
    }

    private boolean isSubList(CtInvocation<?> call) {
        return call.getExecutable().getSimpleName().equals("subList") && call.getArguments().size() == 2
                && (call.getTarget() == null || types.isSubtypeOf(api.receiverType(call), "java.util.List"));
    }

    /** {@code x.stream().skip(..).limit(..)} or {@code Arrays.stream(a, from, to)} anywhere in the chain. */
    private static boolean isSlicedStream(CtExpression<?> chain) {
        for (CtExpression<?> e = chain; e instanceof CtInvocation<?> call; e = call.getTarget()) {
            String name = call.getExecutable().getSimpleName();
            if (name.equals("skip") || name.equals("limit")) {
                return true;
            }
            if (name.equals("stream") && call.getArguments().size() == 3) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code System.arraycopy(src, .., dst, ..)} into the fresh array that {@code variable} holds,
     * in the same method: the manual form of {@code Arrays.copyOfRange}.
     */
    CtInvocation<?> arraycopyInto(CtVariableReference<?> variable, CtExpression<?> initializer, CtElement scope) {
        if (!(initializer instanceof CtNewArray<?>) || scope == null) {
            return null;
        }
        CtExecutable<?> method = scope instanceof CtExecutable<?> e ? e : scope.getParent(CtExecutable.class);
        if (method == null) {
            return null;
        }
        for (CtInvocation<?> call : CodeScan.elementsIn(method, CtInvocation.class)) {
            List<CtExpression<?>> args = call.getArguments();
            if (api.matches(Apis.ARRAYCOPY, call) && args.get(2) instanceof CtVariableRead<?> destination
                    && destination.getVariable().getSimpleName().equals(variable.getSimpleName())) {
                return call;
            }
        }
        return null;
    }
}
