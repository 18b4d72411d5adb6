package org.fjdoctor.refactorings.copyonfork;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Bound;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.BoundKind;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Recognizes a subtask argument that is a slice of a {@code List} field of the task itself: a copy
 * ({@code new ArrayList<>(items.subList(a, b))}, {@code List.copyOf(items.subList(a, b))}, Guava's
 * {@code ImmutableList.copyOf(items.subList(a, b))}) or a bare {@code items.subList(a, b)} view, directly or
 * through a local used only for the hand-off, a {@code stream().skip/limit} slice collected into a list, and the
 * parts of a Guava {@code Lists.partition} loop. The bounds
 * are read like {@link ArraySlices}' with {@code size()} for {@code length}.
 */
final class ListSlices {

    /** Static factories that copy the list they are given into a new (immutable) list. */
    private static final Set<String> COPY_FACTORIES = Set.of("java.util.List", "com.google.common.collect.ImmutableList");

    private final CtClass<?> task;
    private final JavaTypes types;

    ListSlices(CtClass<?> task, JavaTypes types) {
        this.task = task;
        this.types = types;
    }

    /** The list slice this argument of a construction of the task class is, or {@code null}. */
    Site siteOf(CtConstructorCall<?> construction, int index) {
        CtExpression<?> argument = construction.getArguments().get(index);
        Site direct = direct(construction, index, argument, argument, List.of());
        if (direct != null || !(argument instanceof CtVariableRead<?> read)
                || !(read.getVariable() instanceof CtLocalVariableReference<?> ref)) {
            return direct;
        }
        CtLocalVariable<?> local = ref.getDeclaration();
        CtExecutable<?> method = construction.getParent(CtExecutable.class);
        if (local != null && local.getParent() instanceof CtForEach loop && loop.getVariable() == local) {
            return partitioned(construction, index, argument, local, loop, method);
        }
        if (!ArraySlices.isInitializedOnce(method, local) || ArraySlices.reads(method, local).size() != 1) {
            return null;
        }
        return direct(construction, index, argument, local.getDefaultExpression(), List.of(local));
    }

    private Site direct(CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                        CtExpression<?> value, List<CtStatement> deleted) {
        CtInvocation<?> subList = subListOfField(value);
        if (subList != null) {
            return site(construction, index, argument, value, subList, deleted, true);
        }
        CtExpression<?> copied = null;
        if (value instanceof CtConstructorCall<?> copy && copy.getArguments().size() == 1
                && types.isSubtypeOf(copy.getType(), "java.util.List") && !(copy instanceof CtNewClass<?>)) {
            copied = copy.getArguments().get(0);
        } else if (value instanceof CtInvocation<?> call && call.getExecutable().getSimpleName().equals("copyOf")
                && call.getArguments().size() == 1 && call.getExecutable().getDeclaringType() != null
                && COPY_FACTORIES.contains(call.getExecutable().getDeclaringType().getQualifiedName())) {
            copied = call.getArguments().get(0);
        }
        subList = copied == null ? null : subListOfField(copied);
        if (subList != null) {
            return site(construction, index, argument, value, subList, deleted, false);
        }
        return streamed(construction, index, argument, value, deleted);
    }

    /**
     * {@code items.stream().limit(b)} or {@code items.stream().skip(a)} collected into a new list
     * ({@code collect(Collectors.toList())}, {@code collect(Collectors.toUnmodifiableList())} or {@code toList()}):
     * the slice {@code [0, b)} or {@code [a, size)}. Both clamp bounds past the end where {@code subList} would throw,
     * so only bounds proven within the list make the fix SAFE, as for the other slices.
     */
    private Site streamed(CtConstructorCall<?> construction, int index, CtExpression<?> argument, CtExpression<?> value,
                          List<CtStatement> deleted) {
        if (!(value instanceof CtInvocation<?> collect) || !collectsToList(collect)
                || !(collect.getTarget() instanceof CtInvocation<?> cut) || cut.getArguments().size() != 1
                || !(cut.getTarget() instanceof CtInvocation<?> stream) || !stream.getExecutable().getSimpleName().equals("stream")
                || !stream.getArguments().isEmpty() || fieldRead(stream.getTarget()) == null) {
            return null;
        }
        CtFieldRead<?> source = fieldRead(stream.getTarget());
        Bound bound = ArraySlices.bound(cut.getArguments().get(0), source);
        return switch (cut.getExecutable().getSimpleName()) {
            case "limit" -> new Site(construction, index, argument, value, source, Bound.of(BoundKind.ZERO), bound, deleted,
                    false, null);
            case "skip" -> new Site(construction, index, argument, value, source, bound, Bound.of(BoundKind.LENGTH), deleted,
                    false, null);
            default -> null;
        };
    }

    private static boolean collectsToList(CtInvocation<?> call) {
        String name = call.getExecutable().getSimpleName();
        if (name.equals("toList")) {
            return call.getArguments().isEmpty();
        }
        return name.equals("collect") && call.getArguments().size() == 1
                && call.getArguments().get(0) instanceof CtInvocation<?> collector && collector.getArguments().isEmpty()
                && collector.getExecutable().getDeclaringType() != null
                && collector.getExecutable().getDeclaringType().getQualifiedName().equals("java.util.stream.Collectors")
                && Set.of("toList", "toUnmodifiableList").contains(collector.getExecutable().getSimpleName());
    }

    /**
     * {@code for (List<T> part : Lists.partition(items, size)) {.. new Task(part) ..}} where {@code part} serves only
     * that hand-off: each part is the view {@code items.subList(k * size, min((k + 1) * size, items.size()))}.
     */
    private Site partitioned(CtConstructorCall<?> construction, int index, CtExpression<?> argument,
                             CtLocalVariable<?> part, CtForEach loop, CtExecutable<?> method) {
        if (!(loop.getExpression() instanceof CtInvocation<?> call) || !call.getExecutable().getSimpleName().equals("partition")
                || call.getArguments().size() != 2 || call.getExecutable().getDeclaringType() == null
                || !call.getExecutable().getDeclaringType().getQualifiedName().equals("com.google.common.collect.Lists")
                || fieldRead(call.getArguments().get(0)) == null || loop.getLabel() != null
                || !ArraySlices.isInside(construction, loop.getBody()) || !ArraySlices.writes(method, part).isEmpty()
                || ArraySlices.reads(method, part).size() != 1) {
            return null;
        }
        CtFieldRead<?> source = fieldRead(call.getArguments().get(0));
        CtExpression<?> size = call.getArguments().get(1);
        return new Site(construction, index, argument, call, source, new ArraySlices.Bound(BoundKind.OTHER, null, List.of()),
                new ArraySlices.Bound(BoundKind.OTHER, null, List.of(size)), List.of(), true, loop);
    }

    private static Site site(CtConstructorCall<?> construction, int index, CtExpression<?> argument, CtExpression<?> copy,
                             CtInvocation<?> subList, List<CtStatement> deleted, boolean view) {
        CtFieldRead<?> source = (CtFieldRead<?>) subList.getTarget();
        return new Site(construction, index, argument, copy, source, ArraySlices.bound(subList.getArguments().get(0), source),
                ArraySlices.bound(subList.getArguments().get(1), source), deleted, view, null);
    }

    /** {@code items.subList(a, b)} on a List field of the task. */
    private CtInvocation<?> subListOfField(CtExpression<?> expression) {
        return expression instanceof CtInvocation<?> call && call.getExecutable().getSimpleName().equals("subList")
                && call.getArguments().size() == 2 && call.getTypeCasts().isEmpty()
                && fieldRead(call.getTarget()) != null ? call : null;
    }

    /** {@code items} or {@code this.items} where {@code items} is a {@code List} field declared by the task class. */
    CtFieldRead<?> fieldRead(CtExpression<?> expression) {
        if (expression instanceof CtFieldRead<?> read && (read.getTarget() == null || read.getTarget() instanceof CtThisAccess<?>)
                && read.getVariable().getFieldDeclaration() != null
                && read.getVariable().getFieldDeclaration().getDeclaringType() == task
                && isList(read.getVariable().getType())) {
            return read;
        }
        return null;
    }

    /** A {@code java.util.List} (or subtype), whose {@code size()}, {@code get(i)} and {@code subList} the rewrite uses. */
    boolean isList(CtTypeReference<?> type) {
        return types.isSubtypeOf(type, "java.util.List");
    }
}
