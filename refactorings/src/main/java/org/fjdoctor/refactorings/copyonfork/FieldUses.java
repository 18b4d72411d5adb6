package org.fjdoctor.refactorings.copyonfork;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtArrayWrite;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Every use of the sliced field, sorted into the ones the rewrite can translate to the shared range
 * ({@code length} or {@code size()}, element reads, for-each loops; for lists also {@code isEmpty()} and
 * read-only helpers, see {@link ListUses}), the constructor assignment, and the ones that block it:
 * element writes, calls that may write or keep the data, anything else it does not know.
 */
final class FieldUses {

    enum Kind {
        /** {@code data.length} or {@code items.size()}: the access's parent becomes {@code to - from}. */
        LENGTH,
        /** {@code data[i]} or {@code items.get(i)}: the index gets {@code from +}. */
        ELEMENT,
        FOR_EACH,
        /** {@code items.isEmpty()}. */
        IS_EMPTY,
        /** {@code items} passed to a helper that only reads it: it gets {@code items.subList(from, to)}. */
        VIEW_ARGUMENT,
        ASSIGNED_IN_CONSTRUCTOR, SLICE_SOURCE
    }

    record Use(CtFieldAccess<?> access, Kind kind) {
    }

    private static final Set<String> ARRAY_MUTATORS = Set.of("sort", "parallelSort", "fill", "setAll",
            "parallelSetAll", "parallelPrefix");

    /** Arrays methods that only read their array argument. */
    private static final Set<String> ARRAY_READERS = Set.of("copyOf", "copyOfRange", "stream", "binarySearch",
            "equals", "hashCode", "toString", "deepToString", "mismatch", "compare");

    final List<Use> translatable = new ArrayList<>();
    /** Why the element writes or possible writes rule the rewrite out, one phrase each. */
    final List<String> writes = new ArrayList<>();
    /** Uses that let the array escape or that the rewrite cannot translate. */
    final List<String> unknown = new ArrayList<>();

    static FieldUses of(CtClass<?> task, CtField<?> field, CtConstructor<?> constructor, Set<CtElement> sliceSources,
                        Lines lines) {
        FieldUses uses = new FieldUses();
        for (CtFieldAccess<?> access : task.getFactory().getModel().getElements(new TypeFilter<>(CtFieldAccess.class))) {
            if (access.getVariable().getSimpleName().equals(field.getSimpleName())
                    && access.getVariable().getFieldDeclaration() == field) {
                uses.classify(task, field, constructor, sliceSources, lines, access);
            }
        }
        return uses;
    }

    private void classify(CtClass<?> task, CtField<?> field, CtConstructor<?> constructor, Set<CtElement> sliceSources,
                          Lines lines, CtFieldAccess<?> access) {
        String name = field.getSimpleName();
        String at = " at line " + lines.lineOf(access);
        if (sliceSources.contains(access)) {
            translatable.add(new Use(access, Kind.SLICE_SOURCE));
            return;
        }
        if (access.getParent(CtType.class) != task) {
            unknown.add("`" + name + "` is used outside " + task.getSimpleName() + at);
            return;
        }
        CtElement parent = access.getParent();
        if (access instanceof CtFieldWrite<?>) {
            if (access.getParent(CtConstructor.class) == constructor && parent instanceof CtAssignment<?, ?> assignment
                    && assignment.getAssigned() == access && assignment.getParent() instanceof CtBlock<?>
                    && assignment.getAssignment() instanceof CtVariableRead<?> read
                    && read.getVariable() instanceof CtParameterReference<?>) {
                translatable.add(new Use(access, Kind.ASSIGNED_IN_CONSTRUCTOR));
            } else {
                unknown.add("`" + name + "` is assigned" + at + ", not only in the constructor");
            }
            return;
        }
        if (constructor != null && access.getParent(CtConstructor.class) == constructor) {
            unknown.add("the constructor reads `" + name + "`" + at);
            return;
        }
        if (!access.getTypeCasts().isEmpty()) {
            unknown.add("`" + name + "` is cast" + at);
        } else if (!(field.getType() instanceof CtArrayTypeReference<?>)) {
            ListUses.classify(this, access, lines);
        } else if (parent instanceof CtFieldRead<?> length && length.getTarget() == access
                && length.getVariable().getSimpleName().equals("length") && length.getTypeCasts().isEmpty()) {
            translatable.add(new Use(access, Kind.LENGTH));
        } else if (parent instanceof CtArrayWrite<?> write && write.getTarget() == access) {
            writes.add("writes `" + lines.text(write.getParent()) + "`" + at);
        } else if (parent instanceof CtArrayRead<?> read && read.getTarget() == access) {
            translatable.add(new Use(access, Kind.ELEMENT));
        } else if (parent instanceof CtForEach loop && loop.getExpression() == access
                && loop.getBody() instanceof CtBlock<?> && loop.getLabel() == null) {
            translatable.add(new Use(access, Kind.FOR_EACH));
        } else if (parent instanceof CtInvocation<?> call && call.getArguments().contains(access)) {
            String callee = call.getExecutable().getSimpleName();
            String owner = call.getExecutable().getDeclaringType() == null ? ""
                    : call.getExecutable().getDeclaringType().getQualifiedName();
            if (owner.equals("java.util.Arrays") && ARRAY_MUTATORS.contains(callee)
                    || owner.equals("java.lang.System") && callee.equals("arraycopy") && call.getArguments().indexOf(access) == 2) {
                writes.add("writes into `" + name + "` with `" + lines.text(call) + "`" + at);
            } else if (owner.equals("java.util.Arrays") && ARRAY_READERS.contains(callee)
                    || owner.equals("java.lang.System") && callee.equals("arraycopy")) {
                unknown.add("reads `" + name + "` with `" + lines.text(call) + "`" + at + " outside a subtask hand-off");
            } else {
                writes.add("passes `" + name + "` to " + callee + "(..)" + at + ", which may write into it or keep it");
            }
        } else if (parent instanceof CtConstructorCall<?> call && call.getArguments().contains(access)) {
            unknown.add("hands the whole `" + name + "` to `new " + call.getType().getSimpleName() + "(..)`" + at);
        } else {
            unknown.add("uses `" + name + "` in `" + lines.text(parent) + "`" + at);
        }
    }
}
