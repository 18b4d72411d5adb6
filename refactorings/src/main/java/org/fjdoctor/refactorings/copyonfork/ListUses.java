package org.fjdoctor.refactorings.copyonfork;

import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Kind;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Use;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The List half of {@link FieldUses}: {@code size()}, {@code get(i)}, {@code isEmpty()} and for-each loops
 * translate to the range; the list handed to a helper that provably only reads it becomes a
 * {@code subList(from, to)} view. Other mutators are writes; iterators, streams and any other call are uses the
 * rewrite does not translate.
 */
final class ListUses {

    private static final Set<String> MUTATORS = Set.of("add", "addAll", "addFirst", "addLast", "remove", "removeAll",
            "removeIf", "removeFirst", "removeLast", "retainAll", "set", "clear", "sort", "replaceAll");
    /** What a read-only helper may call on its List parameter; none of them keeps or changes the list. */
    private static final Set<String> READERS = Set.of("size", "get", "isEmpty", "contains", "containsAll", "indexOf",
            "lastIndexOf", "toArray", "forEach", "hashCode", "equals", "toString");
    /** Calls that stream the list: read-only when the chain ends in a result that is no stream. */
    private static final Set<String> STREAMS = Set.of("stream", "parallelStream");
    /** How many helpers deep a list parameter handed on is followed. */
    private static final int HELPER_DEPTH = 3;
    /** Parameter types a {@code subList} view can be passed as without changing the helper's signature. */
    private static final Set<String> VIEW_PARAMETERS = Set.of("java.util.List", "java.util.Collection", "java.lang.Iterable");

    private ListUses() {
    }

    static void classify(FieldUses uses, CtFieldAccess<?> access, Lines lines) {
        String name = access.getVariable().getSimpleName();
        String at = " at line " + lines.lineOf(access);
        CtElement parent = access.getParent();
        if (parent instanceof CtInvocation<?> call && call.getTarget() == access) {
            String method = call.getExecutable().getSimpleName();
            int arity = call.getArguments().size();
            if (method.equals("size") && arity == 0 && call.getTypeCasts().isEmpty()) {
                uses.translatable.add(new Use(access, Kind.LENGTH));
            } else if (method.equals("isEmpty") && arity == 0 && call.getTypeCasts().isEmpty()) {
                uses.translatable.add(new Use(access, Kind.IS_EMPTY));
            } else if (method.equals("get") && arity == 1) {
                uses.translatable.add(new Use(access, Kind.ELEMENT));
            } else if (MUTATORS.contains(method)) {
                uses.writes.add("changes `" + name + "` with `" + lines.text(call) + "`" + at);
            } else {
                uses.unknown.add("calls `" + lines.text(call) + "`" + at + ", which has no index-range translation");
            }
        } else if (parent instanceof CtForEach loop && loop.getExpression() == access
                && loop.getBody() instanceof CtBlock<?> && loop.getLabel() == null) {
            uses.translatable.add(new Use(access, Kind.FOR_EACH));
        } else if (parent instanceof CtInvocation<?> call && call.getArguments().contains(access)
                && call.getExecutable().getSimpleName().equals("partition") && call.getExecutable().getDeclaringType() != null
                && call.getExecutable().getDeclaringType().getQualifiedName().equals("com.google.common.collect.Lists")) {
            uses.unknown.add("cuts `" + name + "` into parts with `" + lines.text(call) + "`" + at + ", a loop over a"
                    + " variable number of parts the rewrite does not rebuild over index ranges");
        } else if (parent instanceof CtInvocation<?> call && call.getArguments().contains(access)) {
            if (readOnlyParameter(call, call.getArguments().indexOf(access))) {
                uses.translatable.add(new Use(access, Kind.VIEW_ARGUMENT));
            } else {
                uses.writes.add("passes `" + name + "` to " + call.getExecutable().getSimpleName() + "(..)" + at
                        + ", which may change it or keep it");
            }
        } else if (parent instanceof CtConstructorCall<?> call && call.getArguments().contains(access)) {
            uses.unknown.add("hands the whole `" + name + "` to `new " + call.getType().getSimpleName() + "(..)`" + at);
        } else {
            uses.unknown.add("uses `" + name + "` in `" + lines.text(parent) + "`" + at);
        }
    }

    /**
     * The called method is a source method whose body is the one that runs (it cannot be overridden, or only
     * within the package and no source method overrides it), and its parameter, of type List, Collection or
     * Iterable, is never reassigned and only read: walked by for-each, asked {@link #READERS} questions,
     * streamed into a result that is no stream, or handed on to a helper of the same kind (up to
     * {@link #HELPER_DEPTH} calls deep). Such a helper can neither change the list nor keep it, so it cannot
     * tell a {@code subList} view from the copy it got.
     */
    private static boolean readOnlyParameter(CtInvocation<?> call, int index) {
        return readOnlyParameter(call, index, 0);
    }

    private static boolean readOnlyParameter(CtInvocation<?> call, int index, int depth) {
        if (depth > HELPER_DEPTH || !(HalfResolved.executableDeclaration(call.getExecutable()) instanceof CtMethod<?> helper)
                || helper.getBody() == null || index >= helper.getParameters().size() || !bodyRuns(helper)) {
            return false;
        }
        CtParameter<?> parameter = helper.getParameters().get(index);
        if (parameter.isVarArgs() || !VIEW_PARAMETERS.contains(parameter.getType().getTypeErasure().getQualifiedName())) {
            return false;
        }
        for (CtVariableWrite<?> write : helper.getBody().getElements(new TypeFilter<>(CtVariableWrite.class))) {
            if (isParameter(write.getVariable(), parameter)) {
                return false;
            }
        }
        for (CtVariableRead<?> read : helper.getBody().getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (isParameter(read.getVariable(), parameter) && (!read.getTypeCasts().isEmpty() || !onlyReads(read, depth))) {
                return false;
            }
        }
        return true;
    }

    /** Whether this use of a helper's list parameter only reads the list and keeps nothing that holds it. */
    private static boolean onlyReads(CtVariableRead<?> read, int depth) {
        CtElement parent = read.getParent();
        if (parent instanceof CtForEach loop && loop.getExpression() == read) {
            return true;
        }
        if (parent instanceof CtInvocation<?> use && use.getTarget() == read) {
            String method = use.getExecutable().getSimpleName();
            if (STREAMS.contains(method) && use.getArguments().isEmpty()) {
                CtExpression<?> chain = use;
                while (chain.getParent() instanceof CtInvocation<?> next && next.getTarget() == chain) {
                    chain = next;
                }
                return chain != use && chain.getType() != null && !HalfResolved.isSubtypeOf(chain.getType(),
                        chain.getFactory().Type().createReference("java.util.stream.BaseStream"));
            }
            return READERS.contains(method);
        }
        return parent instanceof CtInvocation<?> handedOn && handedOn.getArguments().contains(read)
                && readOnlyParameter(handedOn, handedOn.getArguments().indexOf(read), depth + 1);
    }

    /**
     * Whether a call of {@code helper} runs its own body: it is static, private or final (or its class is),
     * or it can only be overridden in its own package (package-private, or in a class that is not public)
     * and no source method overrides it.
     */
    private static boolean bodyRuns(CtMethod<?> helper) {
        CtType<?> owner = helper.getDeclaringType();
        if (helper.hasModifier(ModifierKind.STATIC) || helper.hasModifier(ModifierKind.PRIVATE)
                || helper.hasModifier(ModifierKind.FINAL) || owner.hasModifier(ModifierKind.FINAL)) {
            return true;
        }
        boolean packageBound = helper.getVisibility() == null || !owner.isPublic() || owner.hasModifier(ModifierKind.PRIVATE);
        return packageBound && helper.getFactory().getModel().getElements(new TypeFilter<>(CtMethod.class)).stream()
                .noneMatch(other -> other != helper && other.getSimpleName().equals(helper.getSimpleName())
                        && other.isOverriding(helper));
    }

    private static boolean isParameter(CtVariableReference<?> variable, CtParameter<?> parameter) {
        return variable instanceof CtParameterReference<?> ref && ref.getSimpleName().equals(parameter.getSimpleName())
                && ref.getDeclaration() == parameter;
    }
}
