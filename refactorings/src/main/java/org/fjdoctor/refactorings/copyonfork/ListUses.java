package org.fjdoctor.refactorings.copyonfork;

import java.util.Set;

import org.fjdoctor.refactorings.copyonfork.FieldUses.Kind;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Use;

import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The List half of {@link FieldUses}: {@code size()}, {@code get(i)}, {@code isEmpty()} and for-each loops
 * translate to the range; so does {@code set(i, v)} when every slice was a view (the original already wrote
 * through into the shared list); the list handed to a helper that provably only reads it becomes a
 * {@code subList(from, to)} view. Other mutators are writes; iterators, streams and any other call are uses the
 * rewrite does not translate.
 */
final class ListUses {

    private static final Set<String> MUTATORS = Set.of("add", "addAll", "addFirst", "addLast", "remove", "removeAll",
            "removeIf", "removeFirst", "removeLast", "retainAll", "set", "clear", "sort", "replaceAll");
    /** What a read-only helper may call on its List parameter; none of them keeps or changes the list. */
    private static final Set<String> READERS = Set.of("size", "get", "isEmpty", "contains", "indexOf", "lastIndexOf");
    /** Parameter types a {@code subList} view can be passed as without changing the helper's signature. */
    private static final Set<String> VIEW_PARAMETERS = Set.of("java.util.List", "java.util.Collection", "java.lang.Iterable");

    private ListUses() {
    }

    static void classify(FieldUses uses, CtFieldAccess<?> access, Lines lines, boolean viewsOnly) {
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
            } else if (method.equals("set") && arity == 2 && viewsOnly) {
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
     * The called method is a source method that cannot be overridden, and its parameter, of type List,
     * Collection or Iterable, is never reassigned and only read: walked by for-each or asked
     * {@link #READERS} questions. Such a helper cannot tell a {@code subList} view from the copy it got.
     */
    private static boolean readOnlyParameter(CtInvocation<?> call, int index) {
        if (!(call.getExecutable().getExecutableDeclaration() instanceof CtMethod<?> helper) || helper.getBody() == null
                || index >= helper.getParameters().size()) {
            return false;
        }
        boolean notOverridable = helper.hasModifier(ModifierKind.STATIC) || helper.hasModifier(ModifierKind.PRIVATE)
                || helper.hasModifier(ModifierKind.FINAL) || helper.getDeclaringType().hasModifier(ModifierKind.FINAL);
        CtParameter<?> parameter = helper.getParameters().get(index);
        if (!notOverridable || parameter.isVarArgs()
                || !VIEW_PARAMETERS.contains(parameter.getType().getTypeErasure().getQualifiedName())) {
            return false;
        }
        for (CtVariableWrite<?> write : helper.getBody().getElements(new TypeFilter<>(CtVariableWrite.class))) {
            if (isParameter(write.getVariable(), parameter)) {
                return false;
            }
        }
        for (CtVariableRead<?> read : helper.getBody().getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (!isParameter(read.getVariable(), parameter)) {
                continue;
            }
            boolean reader = read.getParent() instanceof CtInvocation<?> use && use.getTarget() == read
                    && READERS.contains(use.getExecutable().getSimpleName());
            boolean walked = read.getParent() instanceof CtForEach loop && loop.getExpression() == read;
            if (!reader && !walked || !read.getTypeCasts().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static boolean isParameter(CtVariableReference<?> variable, CtParameter<?> parameter) {
        return variable instanceof CtParameterReference<?> ref && ref.getSimpleName().equals(parameter.getSimpleName())
                && ref.getDeclaration() == parameter;
    }
}
